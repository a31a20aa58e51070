import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { Config } from '../../config.ts';
import { verifySmtp } from '../../connectors/mail/mailer.ts';
import { type Clock, systemClock } from '../../lib/clock.ts';
import { connectOutside } from '../index.ts';
import { checkArena } from './arena-checks.ts';
import { checkJotform } from './jotform-checks.ts';
import { type CheckLine, attempt, failLine, formatLine, okLine, scrub, secretsOf } from './lines.ts';
import { type PortalDatabase, openPortalDatabase, readMappedAttributes } from './mappings.ts';

const MAIL = 'Mail';

/** The SMTP server's connection, greeting, TLS and sign-in, sending nothing. */
export async function checkMail(smtpUrl: string | undefined, timeoutMs = 15_000): Promise<CheckLine> {
  if (!smtpUrl) return okLine(MAIL, 'no SMTP_URL: mail kept in the outbox (status "Stored"), nothing is sent');
  return attempt(MAIL, async () => okLine(MAIL, `connected to ${await verifySmtp(smtpUrl, timeoutMs)}; nothing sent`));
}

export interface CheckOutsideOptions {
  clock?: Clock;
  /** Each line as soon as it is known, secrets already taken out. */
  write?: (line: string) => void;
}

/**
 * `npm run check:outside`: what an installer runs with the real credentials before going live.
 * Every check only reads. Without JOTFORM_API_KEY the emulators are started (their files in a
 * temporary DATA_DIR of their own) and checked as sandbox mode uses them. Returns whether all passed.
 */
export async function checkOutside(config: Config, opts: CheckOutsideOptions = {}): Promise<{ ok: boolean; lines: CheckLine[] }> {
  const clock = opts.clock ?? systemClock;
  const secrets = secretsOf(config);
  const lines: CheckLine[] = [];
  const emit = (line: CheckLine) => {
    const clean = { ...line, detail: scrub(line.detail, secrets) };
    lines.push(clean);
    opts.write?.(formatLine(clean));
  };
  const sandbox = !config.JOTFORM_API_KEY;
  const emulatorDir = sandbox ? mkdtempSync(path.join(os.tmpdir(), 'qp-check-outside-')) : null;
  let portal: PortalDatabase = { none: 'not opened' };
  try {
    // Opened first: a live check signs in to Arena with the portal's stored session and back-off.
    portal = await openPortalDatabase(config);
    const db = 'db' in portal ? portal.db : undefined;
    const connected = await connectOutside(emulatorDir ? { ...config, DATA_DIR: emulatorDir } : config, clock, pino({ level: 'silent' }), db);
    try {
      emit(
        sandbox
          ? okLine('mode', 'sandbox: no JOTFORM_API_KEY, so the JotForm and Arena emulators were started on loopback and are checked')
          : okLine('mode', `live: JotForm at ${config.JOTFORM_BASE_URL ?? 'https://api.jotform.com'}, Arena at ${config.ARENA_BASE_URL ?? 'https://api.arenasolutions.com/v1'}`),
      );
      const { outside } = connected;
      const jotform = await checkJotform({
        jotform: outside.jotform,
        formId: connected.formId,
        awareDateQid: connected.awareDateQid,
        timeZone: config.JOTFORM_TIMEZONE,
        rereadDays: config.SYNC_REREAD_DAYS,
        clock,
      });
      jotform.forEach(emit);
      const arena = await checkArena({
        arena: outside.arena,
        email: config.ARENA_EMAIL,
        workspaceId: config.ARENA_WORKSPACE_ID,
        templateGuid: outside.arenaTemplateGuid,
        ownerGuid: config.ARENA_OWNER_GUID,
        numberPrefixGuid: config.ARENA_NUMBER_PREFIX_GUID,
        mappings: await readMappedAttributes(portal),
        session: sandbox ? { kind: 'emulator' } : db ? { kind: 'shared', from: 'from' in portal ? portal.from : '' } : { kind: 'own' },
      });
      arena.forEach(emit);
    } finally {
      await connected.close();
    }
  } catch (err) {
    emit(failLine('set-up', err instanceof Error ? err.message : String(err)));
  } finally {
    if ('close' in portal) await portal.close().catch(() => undefined);
    if (emulatorDir) rmSync(emulatorDir, { recursive: true, force: true });
  }
  emit(await checkMail(config.SMTP_URL));
  return { ok: lines.every((l) => l.ok), lines };
}
