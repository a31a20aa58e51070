import type { FastifyBaseLogger } from 'fastify';
import { MAIL_MAX_ATTEMPTS } from '#shared/contract/mail';
import type { Mailer } from '../../connectors/mail/mailer.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { MailRepo, MailRow } from './mail.repo.ts';

export interface MailWorkerDeps {
  repo: MailRepo;
  mailer: Mailer;
  clock: Clock;
  log: SystemLog;
  logger?: FastifyBaseLogger | undefined;
  maxAttempts?: number;
  /** How long a claim lasts; a worker that died holds its messages no longer than this. */
  claimMs?: number;
}

const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH = 10;

/** Wait before the next attempt after `attempts` failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

/**
 * Delivers queued mail: claims due messages (one instance per message, SKIP LOCKED), hands each
 * to the mail server, and records the outcome; a failure is retried with backoff up to
 * `maxAttempts`, then the message is failed. Polls, and runs at once when nudged after a queue.
 */
export function createMailWorker(d: MailWorkerDeps) {
  const maxAttempts = d.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const claimMs = d.claimMs ?? 5 * 60_000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  async function deliver(mail: MailRow, lockedUntil: Date): Promise<void> {
    const about = mail.submissionId ? `about submission ${mail.submissionId}` : `"${mail.subject}"`;
    try {
      await d.mailer.send(mail);
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      d.logger?.warn({ mailId: mail.id, attempt: mail.attempts, reason }, 'mail delivery failed');
      if (mail.attempts >= maxAttempts) {
        if (await d.repo.failed(mail.id, lockedUntil, reason, d.clock.now())) await d.log.error('JotForms', `E-mail ${about} failed after ${mail.attempts} attempts: ${reason}`);
        return;
      }
      await d.repo.retryLater(mail.id, lockedUntil, reason, d.clock.now(), new Date(d.clock.now().getTime() + retryDelayMs(mail.attempts)));
      return;
    }
    if (await d.repo.sent(mail.id, lockedUntil, d.clock.now())) await d.log.success('JotForms', `E-mail ${about} sent to ${mail.to.length} recipient(s)`);
  }

  /** One round: every due message, in batches; returns how many were handled. */
  async function round(): Promise<number> {
    let handled = 0;
    for (;;) {
      const now = d.clock.now();
      const lockedUntil = new Date(now.getTime() + claimMs);
      const batch = await d.repo.claimDue(now, lockedUntil, BATCH);
      for (const mail of batch) await deliver(mail, lockedUntil);
      handled += batch.length;
      if (batch.length < BATCH) return handled;
    }
  }

  /** Runs a round unless one is running; a request during a round runs one more after it. */
  function runOnce(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = round()
      .catch((err: unknown) => {
        d.logger?.warn({ err }, 'mail worker round failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void runOnce();
        }
      });
    return running;
  }

  return {
    runOnce,
    /** A message was just queued here: deliver it now rather than at the next poll. */
    nudge(): void {
      if (d.mailer.mode === 'smtp' && !stopped) void runOnce();
    },
    start(intervalSeconds: number): void {
      if (d.mailer.mode !== 'smtp') return;
      stopped = false;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalSeconds * 1000);
      timer.unref();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
