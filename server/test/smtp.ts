/**
 * A local mail server for tests (smtp-server), which takes every mail with any credentials and keeps each one parsed
 * (mailparser), as a school's mail server would receive it from ours.
 */
import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { vi } from 'vitest';

export interface TestMailServer {
  /** `smtp://user:pass@127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  mails: ParsedMail[];
  /** The user names the sending server signed in with, one per mail session. */
  logins: string[];
  /** Waits until `count` mails have arrived and answers them. */
  waitForMails(count: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

/** Starts the mail server on a free port of 127.0.0.1. */
export async function startMailServer(): Promise<TestMailServer> {
  const mails: ParsedMail[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    // Plain SMTP on the loopback, as a relay on the school's own network may be; credentials over it are allowed.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:secret@127.0.0.1:${port}`,
    mails,
    logins,
    async waitForMails(count) {
      await vi.waitFor(() => {
        if (mails.length < count) throw new Error(`${mails.length} of ${count} mails arrived`);
      }, 20_000);
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
