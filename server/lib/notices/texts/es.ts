/** The notices' texts in Spanish (users.language `es`), written for the families, not translated word by word. */
import type { NoticeTexts } from './types';

const OTHER = 'Other: ';
/** The period that ends a sentence, unless the time's own abbreviation ("p. m.") already ends it. */
const stop = (text: string) => (text.endsWith('.') ? '' : '.');

export const es: NoticeTexts = {
  // "3:12 p. m.": the Real Academia Española's abbreviations, with a space after each period.
  time: (hour, minute) => `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'a. m.' : 'p. m.'}`,
  day: (date) =>
    new Intl.DateTimeFormat('es', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    ),
  reason: (reason, translated) => {
    if (reason.startsWith(OTHER)) return reason.slice(OTHER.length);
    return translated[reason] ?? reason;
  },
  signOut: ({ child, time, adult, override }) => ({
    title: `${child} salió de la escuela`,
    body: override
      ? `${child} salió a las ${time} con ${adult}. Fue una excepción: ${adult} no está en la lista de personas autorizadas para recoger, y la oficina lo permitió.`
      : `${child} salió a las ${time} con ${adult}`,
  }),
  earlyDeparture: ({ child, time, reason }) => ({
    title: `${child} salió temprano`,
    body: `${child} salió temprano de la escuela a las ${time}${reason ? `${stop(time)} Motivo: ${reason}` : ''}`,
  }),
  lateArrival: ({ child, time, reason }) => ({
    title: `${child} llegó tarde`,
    body: `${child} llegó tarde a las ${time}${reason ? `${stop(time)} Motivo: ${reason}` : ''}`,
  }),
  agreementToSign: ({ child }) => ({
    title: 'Un acuerdo para firmar',
    body: `El acuerdo de estudio independiente de ${child} espera su firma.`,
  }),
  screeningStayHome: ({ child, day }) => ({
    title: `${child} debe quedarse en casa`,
    body: `Según la evaluación de COVID, ${child} debe quedarse en casa el ${day}. Comuníquese con la oficina antes de que ${child} regrese.`,
  }),
  test: ({ school }) => ({
    title: 'Aviso de prueba',
    body: `Esta es una prueba de ${school}. Los avisos le llegan aquí.`,
  }),
  mailFooter: ({ school, link }) =>
    [link ? `Vea más en la aplicación de la escuela: ${link}` : null, `— ${school}`].filter(Boolean).join('\n\n'),
};
