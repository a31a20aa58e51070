import nodemailer from 'nodemailer';
import { isLoopback } from '../../lib/outside-url.ts';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string | null | undefined;
}

/** The mail server refused the message or could not be reached; the message says why. */
export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

/**
 * Hands one message to the mail server. 'outbox' mode (no SMTP server configured) delivers
 * nothing: messages stay in the outbox table as 'stored'.
 */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** smtp://user:pass@host:port; without it mail is only stored in the outbox. */
  smtpUrl?: string | undefined;
  timeoutMs?: number;
}

/**
 * The SMTP connection: on any host but loopback the server must offer STARTTLS (or the URL is
 * smtps://), so a man in the middle cannot strip encryption and read the mail or the credentials.
 */
export function smtpOptions(smtpUrl: string, timeoutMs: number) {
  return { url: smtpUrl, requireTLS: !isLoopback(new URL(smtpUrl).hostname), connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs };
}

export function createMailer({ from, smtpUrl, timeoutMs = 15_000 }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      mode: 'outbox',
      send: async () => {
        throw new MailError('No SMTP server is configured (SMTP_URL).');
      },
    };
  }
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl, timeoutMs));
  return {
    mode: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
      } catch (err) {
        // nodemailer's message names the server's reply or the socket error, never the credentials.
        throw new MailError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}

/**
 * Connects to the SMTP server, says hello, starts TLS where required and signs in, sending nothing
 * (nodemailer's verify). Resolves with where it connected; throws MailError saying why it could not.
 */
export async function verifySmtp(smtpUrl: string, timeoutMs = 15_000): Promise<string> {
  const url = new URL(smtpUrl);
  const where = `${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  const transport = nodemailer.createTransport(smtpOptions(smtpUrl, timeoutMs));
  try {
    await transport.verify();
    return url.username ? `${where}, signed in` : where;
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    const scrubbed = url.password ? reason.split(decodeURIComponent(url.password)).join('[redacted]') : reason;
    throw new MailError(`${where}: ${scrubbed}`);
  } finally {
    transport.close();
  }
}
