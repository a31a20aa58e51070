import { z } from 'zod';
import { REGIMES, type Regime } from '#shared/reporting/clocks';
import { isCalendarDate } from '#shared/dates';
import { isHttpsOrLoopback } from './lib/outside-url.ts';
import { OIDC_SETTINGS, checkOidcSettings } from './features/auth/oidc/oidc.settings.ts';
import { MFA_SETTINGS } from './features/auth/mfa/mfa.settings.ts';
import { parseTrustProxy } from './lib/trust-proxy.ts';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), `${name} must be a URL`);
/** Arena identifies every object by a GUID: 20 uppercase letters and digits (Arena REST API documentation). */
const arenaGuid = (name: string) =>
  optionalString.refine((v) => v === undefined || /^[0-9A-Z]{20}$/.test(v), `${name} must be an Arena GUID: 20 uppercase letters and digits`);
/** An outside system's base URL: https, or plain http on this machine only (emulators, tests). */
const outsideUrl = (name: string) =>
  optionalUrl(name).refine((v) => v === undefined || isHttpsOrLoopback(new URL(v)), `${name} must be an https: URL (http: only on loopback)`);
const integer = (fallback: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(fallback);

/** Every setting of the product, read from the environment once at start (the README's configuration table lists them). */
export const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('127.0.0.1'),
    PORT: integer(3000, 0, 65535),
    PUBLIC_URL: optionalUrl('PUBLIC_URL'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'DATABASE_URL must start with postgres://'),
    MIGRATION_DATABASE_URL: optionalString
      .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'MIGRATION_DATABASE_URL must start with postgres://')
      .describe("the schema owner's connection for migrations; DATABASE_URL when unset"),
    EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional().describe('port of the embedded PostgreSQL server; a free one when unset'),
    REQUEST_TIMEOUT_SECONDS: integer(30, 1, 3600).describe('longest wait for a request’s headers and body, and for a client to read the reply'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET must be at least 32 characters'),
    ACCESS_TOKEN_MINUTES: integer(30, 1, 24 * 60),
    REFRESH_TOKEN_DAYS: integer(30, 1, 365),
    LOGIN_RATE_LIMIT: integer(300, 1, 100_000).describe('sign-in attempts of any outcome per minute per client address'),
    SESSION_IDLE_MINUTES: integer(60, 1, 24 * 60).describe('a session unused this long ends'),
    SESSION_MAX_HOURS: integer(12, 1, 24 * 30).describe('a session ends this long after its sign-in, however much it is used'),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (!(parsed instanceof Error)) return parsed;
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }),
    ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email('ADMIN_EMAIL must be an email address')).default('admin@example.com'),
    // Checked against the password rule only when it seeds the first super_admin (db/seed.ts).
    ADMIN_PASSWORD: optionalString,
    ADMIN_NAME: z.string().trim().min(1).default('Portal Administrator'),
    JOTFORM_API_KEY: optionalString,
    JOTFORM_BASE_URL: outsideUrl('JOTFORM_BASE_URL'),
    JOTFORM_FORM_ID: optionalString,
    JOTFORM_AWARE_DATE_QID: optionalString,
    JOTFORM_WEBHOOK_SECRET: optionalString.refine((v) => v === undefined || /^[\w-]{16,200}$/.test(v), 'JOTFORM_WEBHOOK_SECRET must be 16–200 letters, digits, _ or -'),
    JOTFORM_TIMEZONE: z.string().default('America/New_York').refine((tz) => { try { new Intl.DateTimeFormat('en-US', { timeZone: tz }); return true; } catch { return false; } }, 'JOTFORM_TIMEZONE must be an IANA time zone such as America/New_York'),
    SYNC_INTERVAL: integer(60, 5, 86_400).describe('the shortest time in seconds between two JotForm polls; the poll is paced by the daily quota beyond it'),
    JOTFORM_DAILY_LIMIT: z.coerce.number().int().min(1).max(100_000_000).optional().describe("the JotForm account's daily API limit; learned from limit-left when unset"),
    JOTFORM_QUOTA_SHARE: z.coerce.number().gt(0, 'JOTFORM_QUOTA_SHARE must be more than 0').max(1, 'JOTFORM_QUOTA_SHARE must be at most 1').default(0.5).describe('the part of the daily limit the portal may use'),
    SANDBOX_JOTFORM_DAILY_LIMIT: integer(10_000, 1, 100_000_000).describe("the JotForm emulator's daily API limit in sandbox mode"),
    SYNC_REREAD_DAYS: integer(7, 1, 90).describe('days of submissions each poll re-reads where JotForm ignores the updated_at filter'),
    INVESTIGATION_DAYS: integer(30, 1, 365),
    REPORTING_REGIMES: z
      .string()
      .default('US_MDR')
      .transform((v, ctx) => {
        const list = v.split(',').map((r) => r.trim()).filter(Boolean);
        const bad = list.filter((r) => !(REGIMES as readonly string[]).includes(r));
        if (list.length === 0 || bad.length > 0 || new Set(list).size !== list.length) {
          ctx.addIssue({ code: 'custom', message: `REPORTING_REGIMES must be a comma-separated list of distinct regimes among ${REGIMES.join(', ')}` });
          return z.NEVER;
        }
        return list as Regime[];
      })
      .describe('reporting regimes an undecided submission runs clocks for (decision 023)'),
    REPORTING_HOLIDAYS: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const list = (v ?? '').split(',').map((d) => d.trim()).filter(Boolean);
        const bad = list.filter((d) => !isCalendarDate(d));
        if (bad.length > 0) {
          ctx.addIssue({ code: 'custom', message: `REPORTING_HOLIDAYS must be comma-separated dates YYYY-MM-DD (not ${bad.join(', ')})` });
          return z.NEVER;
        }
        return list.sort();
      })
      .describe('work-day holidays replacing the built-in US federal ones for each year named'),
    ARENA_BASE_URL: outsideUrl('ARENA_BASE_URL'),
    ARENA_EMAIL: optionalString,
    ARENA_PASSWORD: optionalString,
    ARENA_WORKSPACE_ID: optionalString.refine((v) => v === undefined || /^\d+$/.test(v), 'ARENA_WORKSPACE_ID must be a number'),
    ARENA_TEMPLATE_GUID: optionalString,
    ARENA_OWNER_GUID: arenaGuid('ARENA_OWNER_GUID').describe('owner of created quality processes; required when the template has no default owner'),
    ARENA_NUMBER_PREFIX_GUID: arenaGuid('ARENA_NUMBER_PREFIX_GUID').describe("number-format prefix of created quality processes; required when the template's format has no default"),
    SMTP_URL: optionalUrl('SMTP_URL'),
    MAIL_FROM: z.string().default('Quality Portal <quality-portal@localhost>'),
    MAIL_POLL_INTERVAL: integer(10, 1, 3600).describe('seconds between the mail worker’s looks for due messages'),
    REMINDER_TIME: z
      .string()
      .trim()
      .default('08:00')
      .refine((v) => v === 'off' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), 'REMINDER_TIME must be a time HH:MM (24-hour, JOTFORM_TIMEZONE) or off')
      .transform((v) => (v === 'off' ? null : v))
      .describe('when the daily reminder digests go out, on the JOTFORM_TIMEZONE clock; off disables them'),
    ...OIDC_SETTINGS,
    ...MFA_SETTINGS,
  })
  .superRefine((c, ctx) => {
    checkOidcSettings(c, (c.PUBLIC_URL ?? `http://${c.HOST}:${c.PORT}`).replace(/\/$/, ''), ctx);
    if (c.JOTFORM_API_KEY && !c.JOTFORM_FORM_ID) {
      ctx.addIssue({ code: 'custom', path: ['JOTFORM_FORM_ID'], message: 'JOTFORM_FORM_ID is required when JOTFORM_API_KEY is set' });
    }
    const arena = [c.ARENA_EMAIL, c.ARENA_PASSWORD].filter(Boolean).length;
    if (arena === 1) ctx.addIssue({ code: 'custom', path: ['ARENA_PASSWORD'], message: 'ARENA_EMAIL and ARENA_PASSWORD go together' });
    if (arena === 2 && !c.ARENA_TEMPLATE_GUID) {
      ctx.addIssue({ code: 'custom', path: ['ARENA_TEMPLATE_GUID'], message: 'ARENA_TEMPLATE_GUID is required when Arena credentials are set' });
    }
    // Without it Arena signs in to the user's last workspace, where the template is "not found".
    if (arena === 2 && c.JOTFORM_API_KEY && !c.ARENA_WORKSPACE_ID) {
      ctx.addIssue({ code: 'custom', path: ['ARENA_WORKSPACE_ID'], message: 'ARENA_WORKSPACE_ID is required when Arena credentials are set' });
    }
  });

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(config)'}: ${i.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Sandbox mode: no JotForm key, so the emulators stand in for the outside systems. */
export function isSandbox(config: Config): boolean {
  return !config.JOTFORM_API_KEY;
}

/** The portal's address as its users reach it: PUBLIC_URL, else where it listens; no trailing slash. */
export function publicUrl(config: Config): string {
  return (config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}`).replace(/\/$/, '');
}
