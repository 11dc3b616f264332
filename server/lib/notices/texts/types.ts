/**
 * What a language module of the notices' texts provides (one module per language, beside this file): each kind's
 * title and body from the event's facts, the time and date as that language writes them, and the mail's closing.
 */
/** What a dismissal change notice says the child does: the plan, its bus route or program, the adult of a pick-up. */
export interface DismissalNoticeParts {
  plan: 'pick_up' | 'bus' | 'walker' | 'program';
  detail: string | null;
  adult: string | null;
  /** The office's words when it declined. */
  note: string | null;
}

export interface Message {
  title: string;
  body: string;
}

export interface NoticeTexts {
  /** "3:12 PM" (a 12-hour clock, as families in the school's community read it). */
  time(hour: number, minute: number): string;
  /** A school day (YYYY-MM-DD) with its weekday: "Tuesday, May 6". */
  day(date: string): string;
  /** The reason as this language's reader sees it (the school's own wording of its reasons, when it has one). */
  reason(reason: string, translated: Record<string, string>): string;
  signOut(p: { child: string; time: string; adult: string; override: boolean }): Message;
  earlyDeparture(p: { child: string; time: string; reason: string | null }): Message;
  lateArrival(p: { child: string; time: string; reason: string | null }): Message;
  agreementToSign(p: { child: string }): Message;
  screeningStayHome(p: { child: string; day: string }): Message;
  /** The office's (or the school's setting's) answer to a family's dismissal change: the days as `days` writes them. */
  dismissalChange(p: DismissalNoticeParts & { child: string; confirmed: boolean; days: string }): Message;
  /** A change's days: "Tuesday, May 6", "Tuesday, May 6 to Friday, May 9", "Thursdays until Thursday, June 19". */
  days(p: { from: string; to: string; weekday: number | null }): string;
  test(p: { school: string }): Message;
  /** `time` is the school's `not_checked_in_by`, as this language writes it. */
  notCheckedIn(p: { child: string; time: string }): Message;
  /** A scholar's own reminders: the work's title, its class, and when it is (was) due ("Tuesday, May 6 at 11:59 PM"). */
  workDueTomorrow(p: { title: string; course: string; due: string }): Message;
  workOverdue(p: { title: string; course: string; due: string }): Message;
  /** "Tuesday, May 6 at 11:59 PM", or the day alone when the work has no due time. */
  dueAt(p: { day: string; time: string | null }): string;
  workSummary: WorkSummaryTexts;
  /** The mail's last lines: where to read more (the portal's address, when the server knows it) and who sent it. */
  mailFooter(p: { school: string; link: string | null }): string;
}

/** The words of the work summary mail (server/lib/notices/work-summary.ts lays them out as text and HTML). */
export interface WorkSummaryTexts {
  /** The mail's subject: the week's summary, or the day's. */
  subject(p: { frequency: 'weekly' | 'daily'; day: string }): string;
  /** The line that opens the mail. */
  intro(p: { frequency: 'weekly' | 'daily'; school: string }): string;
  /** The delivery log's short body: each child's counts. */
  counts(p: { child: string; missing: number; upcoming: number }): string;
  missingHeading(count: number): string;
  upcomingHeading(count: number): string;
  noneMissing: string;
  noneUpcoming: string;
  /** A line of a list: the title, the class and the due date and time. */
  item(p: { title: string; course: string; due: string }): string;
  /** The line after a list cut short. */
  more(count: number): string;
  /** The link's words (HTML) and the line that carries it (text). */
  linkLabel: string;
  linkLine(link: string): string;
  /** Why the mail came and where to change it. */
  why: string;
}
