/**
 * The texts of the invitation and password-reset mails, in the person's language (users.language). The set-password
 * screen's own texts are the web app's (locales/); these go out from the server and live beside the code that sends
 * them.
 */
import type { Language, PasswordTokenPurpose } from '../../../src/contract';

export interface PasswordMailInput {
  purpose: PasswordTokenPurpose;
  language: Language;
  schoolName: string;
  firstName: string;
  link: string;
  /** The school signs in with Google (GOOGLE_CLIENT_ID is set): the invitation says so. */
  withGoogle: boolean;
}

type Texts = {
  subject: Record<PasswordTokenPurpose, (school: string) => string>;
  hello: (name: string) => string;
  invite: (school: string) => string;
  reset: (school: string) => string;
  google: string;
  signature: (school: string) => string;
};

const TEXTS: Record<Language, Texts> = {
  en: {
    subject: {
      invite: (school) => `Your account at ${school}`,
      reset: (school) => `Set a new password for ${school}`,
    },
    hello: (name) => `Hello ${name},`,
    invite: (school) =>
      `${school} has an account for you in its school app. Open this link to choose your password; it works once, for 7 days:`,
    reset: () =>
      'Someone asked to set a new password for your account. Open this link to choose it; it works once, for 1 hour. ' +
      'If it was not you, ignore this mail: your password stays as it is.',
    google:
      'Your school signs in with Google: on the sign-in screen, use “Sign in with Google” with your school account. ' +
      'The link above still lets you set a password.',
    signature: (school) => `— ${school}`,
  },
  es: {
    subject: {
      invite: (school) => `Su cuenta en ${school}`,
      reset: (school) => `Elija una nueva contraseña para ${school}`,
    },
    hello: (name) => `Hola, ${name}:`,
    invite: (school) =>
      `${school} tiene una cuenta para usted en su aplicación escolar. Abra este enlace para elegir su contraseña; funciona una sola vez, durante 7 días:`,
    reset: () =>
      'Alguien pidió una nueva contraseña para su cuenta. Abra este enlace para elegirla; funciona una sola vez, durante 1 hora. ' +
      'Si no fue usted, no haga caso de este correo: su contraseña sigue igual.',
    google:
      'Su escuela inicia sesión con Google: en la pantalla de inicio de sesión, use “Sign in with Google” con su cuenta de la escuela. ' +
      'El enlace de arriba también le permite elegir una contraseña.',
    signature: (school) => `— ${school}`,
  },
};

/** The subject and plain text of a set-password mail. */
export function passwordMail(input: PasswordMailInput): { subject: string; text: string } {
  const t = TEXTS[input.language];
  const body = input.purpose === 'invite' ? t.invite(input.schoolName) : t.reset(input.schoolName);
  const paragraphs = [t.hello(input.firstName), body, input.link];
  if (input.purpose === 'invite' && input.withGoogle) paragraphs.push(t.google);
  paragraphs.push(t.signature(input.schoolName));
  return { subject: t.subject[input.purpose](input.schoolName), text: `${paragraphs.join('\n\n')}\n` };
}
