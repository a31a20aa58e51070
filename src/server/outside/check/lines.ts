/** One line of `npm run check:outside`: `OK <check>: <what was found>` or `FAIL <check>: <why>`. */
export interface CheckLine {
  ok: boolean;
  check: string;
  detail: string;
}

export const okLine = (check: string, detail: string): CheckLine => ({ ok: true, check, detail });
export const failLine = (check: string, detail: string): CheckLine => ({ ok: false, check, detail });

/** The checks that could not run because an earlier one they need failed. */
export function notChecked(checks: readonly string[], because: string): CheckLine[] {
  return checks.map((check) => failLine(check, `not checked: ${because}`));
}

export function formatLine(line: CheckLine): string {
  return `${line.ok ? 'OK' : 'FAIL'} ${line.check}: ${line.detail}`;
}

/** Runs one check; whatever it throws becomes its FAIL line, in the connector's own words. */
export async function attempt(check: string, run: () => Promise<CheckLine>): Promise<CheckLine> {
  try {
    return await run();
  } catch (err) {
    return failLine(check, err instanceof Error ? err.message : String(err));
  }
}

/**
 * Every secret of the configuration: values of settings named like a key, password or secret, and
 * the password inside any URL setting. No line is printed before they are taken out of it.
 */
export function secretsOf(config: Record<string, unknown>): string[] {
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(config)) {
    if (typeof value !== 'string' || value === '') continue;
    if (/KEY|PASSWORD|SECRET|TOKEN/i.test(name)) secrets.add(value);
    if (URL.canParse(value)) {
      const { password } = new URL(value);
      if (password) {
        secrets.add(password);
        secrets.add(decodeURIComponent(password));
      }
    }
  }
  return [...secrets].filter((s) => s.length >= 4);
}

export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join('[redacted]');
  return out;
}
