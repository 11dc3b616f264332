/**
 * Where a set-password link points, and sending it by mail. The link's address is PUBLIC_URL when set, else the
 * address of the request that makes it (the administrator's screen for an invitation).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Language, LanguageSchema, type PasswordTokenPurpose, SET_PASSWORD_PATH } from '../../../src/contract';
import { passwordMail } from './password-mail';

/** The base address of links: PUBLIC_URL, else the request's own scheme and host. */
export const publicBase = (app: FastifyInstance, request: FastifyRequest) =>
  app.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;

/** The set-password link of a token. */
export const setPasswordLink = (base: string, token: string) =>
  `${base}${SET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;

/** Mails a set-password link to a person in their language; rejects when the mail server does not take it. */
export async function mailPasswordLink(
  app: FastifyInstance,
  person: { email: string; fname: string; nickname: string | null; language: string },
  purpose: PasswordTokenPurpose,
  link: string,
): Promise<void> {
  if (!app.sendMail) throw new Error('SMTP_URL is not set');
  const parsed = LanguageSchema.safeParse(person.language);
  const language: Language = parsed.success ? parsed.data : 'en';
  const { subject, text } = passwordMail({
    purpose,
    language,
    // The school's name as its settings say now (the environment's stands in only before the setup).
    schoolName: app.school.name,
    firstName: person.nickname || person.fname,
    link,
    withGoogle: Boolean(app.config.GOOGLE_CLIENT_ID),
  });
  await app.sendMail({ to: person.email, subject, text, language });
}
