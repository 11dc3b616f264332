/** The notices' texts in English (users.language `en`). */
import type { NoticeTexts } from './types';

const OTHER = 'Other: ';

export const en: NoticeTexts = {
  time: (hour, minute) => `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`,
  day: (date) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T12:00:00Z`),
    ),
  reason: (reason) => reason,
  signOut: ({ child, time, adult, override }) => ({
    title: `${child} was signed out`,
    body: override
      ? `${child} was signed out at ${time} with ${adult}. This was an override: ${adult} is not on the pick-up list, and the office allowed it.`
      : `${child} was signed out at ${time} with ${adult}`,
  }),
  earlyDeparture: ({ child, time, reason }) => ({
    title: `${child} left early`,
    body: `${child} left school early at ${time}${reason ? `. Reason: ${reason.replace(OTHER, '')}` : ''}`,
  }),
  lateArrival: ({ child, time, reason }) => ({
    title: `${child} arrived late`,
    body: `${child} arrived late at ${time}${reason ? `. Reason: ${reason.replace(OTHER, '')}` : ''}`,
  }),
  agreementToSign: ({ child }) => ({
    title: 'An agreement to sign',
    body: `${child}'s independent study agreement is waiting for your signature.`,
  }),
  screeningStayHome: ({ child, day }) => ({
    title: `${child} should stay home`,
    body: `${child}'s COVID screening says to stay home on ${day}. Please contact the office before ${child} comes back.`,
  }),
  test: ({ school }) => ({
    title: 'Test notice',
    body: `This is a test from ${school}. Notices reach you here.`,
  }),
  mailFooter: ({ school, link }) =>
    [link ? `See more in the school app: ${link}` : null, `— ${school}`].filter(Boolean).join('\n\n'),
};
