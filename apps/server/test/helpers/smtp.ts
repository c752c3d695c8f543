import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  mail: ParsedMail;
}

/** A real SMTP server inside the test process, collecting what the app sends. */
export async function startSmtpServer() {
  const received: ReceivedEmail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            mail,
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /**
     * The first email to `to` with a subject matching `subject`, waiting for it to arrive; with `since`, the first
     * among those received after that many emails.
     */
    async waitFor(to: string, subject?: RegExp, timeoutMs = 5000, since = 0): Promise<ReceivedEmail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.slice(since).find((m) => m.to.includes(to) && (!subject || subject.test(m.subject)));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A test SMTP server for a test file: started before the file's app (whose config reads `url`) and closed after it. */
export function useSmtpServer(): Omit<SmtpServer, 'close'> {
  let server: SmtpServer | undefined;
  beforeAll(async () => {
    server = await startSmtpServer();
  });
  afterAll(async () => server?.close());
  const started = () => {
    if (!server) throw new Error('the SMTP server has not started yet');
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get received() {
      return started().received;
    },
    waitFor: (...args) => started().waitFor(...args),
  };
}

/** The token in the link of an email body. */
export function linkToken(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link with a token in:\n${text}`);
  return match[1];
}
