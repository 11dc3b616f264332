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
  days: ({ from, to, weekday }) => {
    const day = en.day;
    if (weekday !== null) {
      const name = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2026, 1, 1 + weekday, 12)),
      );
      return `${name}s from ${day(from)} until ${day(to)}`;
    }
    return from === to ? day(from) : `${day(from)} to ${day(to)}`;
  },
  dismissalChange: ({ child, confirmed, days, plan, detail, adult, note }) => {
    const how = {
      pick_up: `is picked up by ${adult ?? 'the adult you named'}`,
      bus: `takes the bus${detail ? ` (${detail})` : ''}`,
      walker: 'walks home',
      program: `goes to ${detail ?? 'the after-school program'}`,
    }[plan];
    return confirmed
      ? { title: `Dismissal change confirmed for ${child}`, body: `Confirmed: ${child} ${how} on ${days}.` }
      : {
          title: `Dismissal change declined for ${child}`,
          body: `The office declined the change for ${days}: ${child} goes home as usual.${note ? ` ${note}` : ''} Please call the office with any questions.`,
        };
  },
  test: ({ school }) => ({
    title: 'Test notice',
    body: `This is a test from ${school}. Notices reach you here.`,
  }),
  notCheckedIn: ({ child, time }) => ({
    title: `${child} was not checked in`,
    body: `${child} was not checked in by ${time} today. If ${child} is absent, please let the office know.`,
  }),
  dueAt: ({ day, time }) => (time ? `${day} at ${time}` : day),
  workDueTomorrow: ({ title, course, due }) => ({
    title: `Due tomorrow: ${title}`,
    body: `${title} (${course}) is due ${due}.`,
  }),
  workOverdue: ({ title, course, due }) => ({
    title: `Overdue: ${title}`,
    body: `${title} (${course}) was due ${due} and is not turned in yet.`,
  }),
  workSummary: {
    subject: ({ frequency, day }) =>
      frequency === 'weekly' ? `Work summary for the week of ${day}` : `Work summary for ${day}`,
    intro: ({ frequency, school }) =>
      `Here is ${frequency === 'weekly' ? 'this week' : 'today'}'s summary of your children's schoolwork at ${school}: missing work, and work due in the next 7 days.`,
    counts: ({ child, missing, upcoming }) => `${child}: ${missing} missing, ${upcoming} due in the next 7 days.`,
    missingHeading: (count) => `Missing work (${count})`,
    upcomingHeading: (count) => `Due in the next 7 days (${count})`,
    noneMissing: 'No missing work.',
    noneUpcoming: 'Nothing due in the next 7 days.',
    item: ({ title, course, due }) => `${title} (${course}), due ${due}`,
    more: (count) => `… and ${count} more in the school app.`,
    linkLabel: 'See all the work in the school app',
    linkLine: (link) => `See all the work in the school app: ${link}`,
    why: 'You get this mail because you are a guardian. Choose daily or weekly, or turn it off, in the notices settings of the school app.',
  },
  mailFooter: ({ school, link }) =>
    [link ? `See more in the school app: ${link}` : null, `— ${school}`].filter(Boolean).join('\n\n'),
};
