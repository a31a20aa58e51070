import nodemailer from 'nodemailer';

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

export function createMailer({ from, smtpUrl, timeoutMs = 15_000 }: MailerOptions): Mailer {
  if (!smtpUrl) {
    return {
      mode: 'outbox',
      send: async () => {
        throw new MailError('No SMTP server is configured (SMTP_URL).');
      },
    };
  }
  const transport = nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  return {
    mode: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
      } catch (err) {
        // nodemailer's message names the server's answer or the socket error, never the credentials.
        throw new MailError(err instanceof Error ? err.message : String(err));
      }
    },
  };
}
