import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema.ts';
import type { EmailKind } from './copy/index.ts';
import { type EmailValues, type RenderedEmail, renderEmail } from './render.ts';

export interface OutgoingEmail {
  to: string;
  /** A message of the copy book, or another kind whose words come already written in `rendered`. */
  kind: EmailKind | (string & {});
  lang: string;
  userId?: string | null;
  values: EmailValues;
  /** The subject and bodies, written by the module that sends the email; else rendered from the copy book. */
  rendered?: RenderedEmail;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
  /**
   * For every email that is not transactional (mailing lists): the address of a one-click unsubscribe that works
   * without signing in, sent as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058) and shown in the email.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /**
   * Records the email in the outbox, then delivers it over SMTP in the background when configured, so a slow
   * mail server never slows a request; a delivery failure is logged and recorded, never thrown.
   */
  send(email: OutgoingEmail): Promise<void>;
  /** Waits for deliveries under way. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The unsubscribe address at the foot of a mailing-list email, in text and HTML. */
function withUnsubscribe(rendered: ReturnType<typeof renderEmail>, url: string | undefined) {
  if (!url) return rendered;
  const safe = url.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    ...rendered,
    text: `${rendered.text}\n\nUnsubscribe: ${url}`,
    html: rendered.html.replace(
      '</body>',
      `<p style="text-align:center;font-size:12px;color:#666666"><a href="${safe}" style="color:#666666">Unsubscribe</a></p></body>`,
    ),
  };
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

  async function deliver(id: string, email: OutgoingEmail, rendered: RenderedEmail): Promise<void> {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: options.from,
        to: email.to,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        ...(email.headers || email.unsubscribeUrl
          ? {
              headers: {
                ...email.headers,
                ...(email.unsubscribeUrl
                  ? {
                      'List-Unsubscribe': `<${email.unsubscribeUrl}>`,
                      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
                    }
                  : {}),
              },
            }
          : {}),
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
      const rendered = withUnsubscribe(
        email.rendered ?? renderEmail(email.kind as EmailKind, email.lang, email.values),
        email.unsubscribeUrl,
      );
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
    async flush() {
      await Promise.all([...deliveries]);
    },
    async close() {
      await Promise.all([...deliveries]);
      transport?.close();
    },
  };
}
