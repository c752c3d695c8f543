import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { EmailKind } from './copy/index.ts';
import { type EmailValues, renderEmail } from './render.ts';

export interface OutgoingEmail {
  to: string;
  kind: EmailKind;
  lang: string;
  userId?: string | null;
  values: EmailValues;
}

export interface Mailer {
  /**
   * Records the email in the outbox, then delivers it over SMTP in the background when configured, so a slow
   * mail server never slows a request; a delivery failure is logged and recorded, never thrown.
   */
  send(email: OutgoingEmail): Promise<void>;
  /**
   * Runs mail work after the request has been answered (looking an address up, then sending), so the answer does
   * not tell by its timing whether the address is known; flush and close wait for it.
   */
  later(task: () => Promise<unknown>): void;
  /** Waits for deliveries and later work under way. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Every email is written to the outbox first. With SMTP it is then sent and marked sent or failed; without SMTP it
 * is marked not_sent and its link logged, so a local user can still verify and reset.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const deliveries = new Set<Promise<void>>();
  const tasks = new Set<Promise<unknown>>();
  const settle = async () => {
    while (tasks.size > 0) await Promise.all([...tasks]);
    await Promise.all([...deliveries]);
  };

  async function deliver(id: string, email: OutgoingEmail, rendered: ReturnType<typeof renderEmail>): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
      await options.db.update(outboxEmails).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxEmails.id, id));
    } catch (error) {
      options.log.error({ err: error, to: email.to, kind: email.kind }, 'sending an email failed');
      await options.db
        .update(outboxEmails)
        .set({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 1000) })
        .where(eq(outboxEmails.id, id))
        .catch(() => {});
    }
  }

  return {
    async send(email) {
      const rendered = renderEmail(email.kind, email.lang, email.values);
      const [row] = await options.db
        .insert(outboxEmails)
        .values({
          userId: email.userId ?? null,
          toAddress: email.to,
          kind: email.kind,
          lang: email.lang,
          subject: rendered.subject,
          textBody: rendered.text,
          htmlBody: rendered.html,
          link: email.values.link ?? null,
          status: transport ? 'pending' : 'not_sent',
        })
        .returning({ id: outboxEmails.id });
      if (!transport || !row) {
        options.log.info(
          { to: email.to, kind: email.kind, link: email.values.link },
          'email kept in the outbox (no SMTP_URL configured)',
        );
        return;
      }
      const delivery = deliver(row.id, email, rendered).finally(() => deliveries.delete(delivery));
      deliveries.add(delivery);
    },
    later(task) {
      const running = task()
        .catch((error: unknown) => options.log.error({ err: error }, 'sending an email failed'))
        .finally(() => tasks.delete(running));
      tasks.add(running);
    },
    flush: settle,
    async close() {
      await settle();
      transport?.close();
    },
  };
}
