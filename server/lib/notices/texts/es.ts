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
  days: ({ from, to, weekday }) => {
    const day = es.day;
    if (weekday !== null) {
      const name = new Intl.DateTimeFormat('es', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2026, 1, 1 + weekday, 12)),
      );
      // Spanish weekdays take an s in the plural except sábado's and domingo's own: "los sábados", "los jueves".
      const plural = name.endsWith('s') ? name : `${name}s`;
      return `los ${plural} del ${day(from)} al ${day(to)}`;
    }
    return from === to ? `el ${day(from)}` : `del ${day(from)} al ${day(to)}`;
  },
  dismissalChange: ({ child, confirmed, days, plan, detail, adult, note }) => {
    const how = {
      pick_up: `lo recoge ${adult ?? 'la persona que usted indicó'}`,
      bus: `toma el autobús${detail ? ` (${detail})` : ''}`,
      walker: 'se va caminando a casa',
      program: `va a ${detail ?? 'el programa después de clases'}`,
    }[plan];
    return confirmed
      ? { title: `Cambio de salida confirmado para ${child}`, body: `Confirmado: ${child} ${how} ${days}.` }
      : {
          title: `Cambio de salida rechazado para ${child}`,
          body: `La oficina rechazó el cambio ${days}: ${child} se va a casa como siempre.${note ? ` ${note}` : ''} Llame a la oficina si tiene preguntas.`,
        };
  },
  test: ({ school }) => ({
    title: 'Aviso de prueba',
    body: `Esta es una prueba de ${school}. Los avisos le llegan aquí.`,
  }),
  notCheckedIn: ({ child, time }) => ({
    title: `${child} no ha registrado su llegada`,
    body: `${child} no registró su llegada antes de las ${time} hoy. Si ${child} está ausente, avise a la oficina, por favor.`,
  }),
  dueAt: ({ day, time }) => (time ? `el ${day} a las ${time}` : `el ${day}`),
  workDueTomorrow: ({ title, course, due }) => ({
    title: `Para mañana: ${title}`,
    body: `${title} (${course}) se entrega ${due}.`,
  }),
  workOverdue: ({ title, course, due }) => ({
    title: `Atrasado: ${title}`,
    body: `${title} (${course}) se debía entregar ${due} y aún no se ha entregado.`,
  }),
  workSummary: {
    subject: ({ frequency, day }) =>
      frequency === 'weekly' ? `Resumen de tareas de la semana del ${day}` : `Resumen de tareas del ${day}`,
    intro: ({ frequency, school }) =>
      `Este es el resumen ${frequency === 'weekly' ? 'de esta semana' : 'de hoy'} de las tareas de sus hijos en ${school}: las tareas que faltan y las que se entregan en los próximos 7 días.`,
    counts: ({ child, missing, upcoming }) =>
      `${child}: ${missing} ${missing === 1 ? 'tarea que falta' : 'tareas que faltan'}, ${upcoming} para los próximos 7 días.`,
    missingHeading: (count) => `Tareas que faltan (${count})`,
    upcomingHeading: (count) => `Para los próximos 7 días (${count})`,
    noneMissing: 'No falta ninguna tarea.',
    noneUpcoming: 'Nada que entregar en los próximos 7 días.',
    item: ({ title, course, due }) => `${title} (${course}), para ${due}`,
    more: (count) => `… y ${count} más en la aplicación de la escuela.`,
    linkLabel: 'Vea todas las tareas en la aplicación de la escuela',
    linkLine: (link) => `Vea todas las tareas en la aplicación de la escuela: ${link}`,
    why: 'Recibe este correo porque es tutor o tutora. Elija diario o semanal, o desactívelo, en los ajustes de avisos de la aplicación de la escuela.',
  },
  mailFooter: ({ school, link }) =>
    [link ? `Vea más en la aplicación de la escuela: ${link}` : null, `— ${school}`].filter(Boolean).join('\n\n'),
};
