/**
 * What a language module of the notices' texts provides (one module per language, beside this file): each kind's
 * title and body from the event's facts, the time and date as that language writes them, and the mail's closing.
 */
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
  test(p: { school: string }): Message;
  /** The mail's last lines: where to read more (the portal's address, when the server knows it) and who sent it. */
  mailFooter(p: { school: string; link: string | null }): string;
}
