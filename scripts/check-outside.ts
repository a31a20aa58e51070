// `npm run check:outside`: read-only checks of JotForm, Arena and the mail server with the
// configured credentials, one line each (docs/features/outside-systems.md); exit 1 on any FAIL.
import { ConfigError, loadConfig } from '../src/server/config.ts';
import { checkOutside } from '../src/server/outside/check/run.ts';

try {
  const { ok } = await checkOutside(loadConfig(), { write: (line) => process.stdout.write(`${line}\n`) });
  process.exitCode = ok ? 0 : 1;
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
}
