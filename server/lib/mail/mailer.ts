/**
 * Mail through SMTP with nodemailer (DESIGN section 11: a protocol through its library). The transport is made on the
 * first mail, not at start, so a warm start does not load it. Every send has short timeouts: a mail server that does
 * not answer fails the send within seconds, and the caller decides what that means (an invitation falls back to the
 * letter; a reset, sent after its answer, is only logged).
 */
import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** An HTML part besides the text (the work summary's lists). */
  html?: string;
  /** The mail's language, for its Content-Language header. */
  language: string;
}

/** Sends one mail; rejects when the mail server refuses it or cannot be reached. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

/** How long a send may wait on the mail server at each step, in milliseconds. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000, dnsTimeout: 10_000 };

/**
 * A sender for SMTP_URL. `from` is MAIL_FROM, or a function read at each send (the default sender carries the school's
 * name, which the setup and the school's settings change while the server runs).
 */
export function createMailer(smtpUrl: string, from: string | (() => string)): SendMail {
  let transport: Promise<Transporter> | null = null;
  return async (mail) => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS }),
    );
    await (await transport).sendMail({
      from: typeof from === 'function' ? from() : from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      headers: { 'Content-Language': mail.language },
    });
  };
}

/** The default sender: the school's name and no-reply at localhost, quoted as an address's display name. */
export const defaultMailFrom = (schoolName: string) =>
  `"${schoolName.replaceAll('\\', '').replaceAll('"', '')}" <no-reply@localhost>`;
