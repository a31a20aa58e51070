import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface MailResult {
  id: string;
  status: 'sent' | 'stored';
}

export class MailError extends Error {
  constructor(
    message: string,
    readonly outboxId: string,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

/** Sends one message; every message is recorded in the outbox, so a failed send loses nothing. */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<MailResult>;
}

export interface MailerOptions {
  db: Db;
  clock: Clock;
  from: string;
  /** smtp://user:pass@host:port; without it mail is only stored in the outbox. */
  smtpUrl?: string | undefined;
  timeoutMs?: number;
}

export function createMailer({ db, clock, from, smtpUrl, timeoutMs = 15_000 }: MailerOptions): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs })
    : null;
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(message) {
      const id = randomUUID();
      const record = { id, to: message.to, subject: message.subject, text: message.text, html: message.html ?? null, createdAt: clock.now() };
      if (!transport) {
        await db.insert(mailOutbox).values({ ...record, status: 'stored' });
        return { id, status: 'stored' };
      }
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        await db.insert(mailOutbox).values({ ...record, status: 'failed', error: reason.slice(0, 500) });
        throw new MailError(`The mail server refused the message: ${reason}`, id);
      }
      await db.insert(mailOutbox).values({ ...record, status: 'sent' });
      return { id, status: 'sent' };
    },
  };
}
