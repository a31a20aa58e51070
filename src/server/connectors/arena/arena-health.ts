import type { Clock } from '../../lib/clock.ts';
import type { SystemLog } from '../../lib/system-log.ts';
import type { ArenaClient } from './arena-client.ts';
import { ArenaError } from './arena-errors.ts';
import type { ArenaConnectionStatus } from './arena-http.ts';
import { type ArenaSetupToCheck, findSetupProblems } from './arena-setup-check.ts';

/** Arena as the Integrations view shows it. */
export interface ArenaHealth extends ArenaConnectionStatus {
  /** When the set-up was last checked against Arena; null before the first check ended. */
  checkedAt: Date | null;
  /** Checked, and nothing wrong found. */
  ok: boolean;
  /** What is wrong, or why Arena could not be checked, in words for admins. */
  problems: string[];
}

export interface ArenaHealthMonitor {
  /** The last check with this instance's session and quota state. */
  arenaHealth(): ArenaHealth;
  /** Checks the set-up against Arena now; never throws. */
  check(): Promise<ArenaHealth>;
  /** Checks at once in the background, then every `intervalMs` (every `retryMs` while Arena cannot be reached). */
  start(): void;
  stop(): void;
}

export interface ArenaHealthDeps {
  client: ArenaClient;
  setup: ArenaSetupToCheck;
  log: SystemLog;
  clock: Clock;
  /** Default an hour: each check costs two or three of the workspace's daily requests. */
  intervalMs?: number;
  /** Default 5 minutes. */
  retryMs?: number;
}

/**
 * Checks the configured template, owner and number prefix against Arena in the background, so a
 * wrong value is found before the first transfer fails and an Arena outage never stops a start.
 * Each new finding goes to the system log once; the return to a good set-up is logged too.
 */
export function createArenaHealth(d: ArenaHealthDeps): ArenaHealthMonitor {
  const intervalMs = d.intervalMs ?? 60 * 60_000;
  const retryMs = d.retryMs ?? 5 * 60_000;
  let last: { checkedAt: Date | null; problems: string[]; reached: boolean } = { checkedAt: null, problems: [], reached: false };
  let logged: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<ArenaHealth> | undefined;
  let stopped = true;

  // A refused sign-in goes to the system log once per back-off, from the instance Arena refused.
  d.client.onSignInRefused((message) => void d.log.error('Arena', message));

  const arenaHealth = (): ArenaHealth => {
    const status = d.client.status();
    const problems = status.signInPaused ? [status.signInPaused] : [...last.problems];
    return { checkedAt: last.checkedAt, ok: last.checkedAt !== null && problems.length === 0, problems, ...status };
  };

  async function run(): Promise<ArenaHealth> {
    try {
      last = { checkedAt: d.clock.now(), problems: await findSetupProblems(d.client, d.setup), reached: true };
    } catch (err) {
      // Nothing was checked; the back-off itself is what the Integrations page shows meanwhile.
      if (err instanceof ArenaError && err.kind === 'signin_paused') {
        last = { ...last, reached: false };
        return arenaHealth();
      }
      const reason = err instanceof Error ? err.message : String(err);
      last = { checkedAt: d.clock.now(), problems: [`The Arena set-up could not be checked: ${reason}`], reached: false };
    }
    const key = last.problems.join('\n');
    if (key !== logged) {
      for (const problem of last.problems) await d.log.error('Arena', problem);
      if (last.problems.length === 0 && logged !== null) await d.log.success('Arena', 'Arena set-up checked: the template, owner and number prefix are accepted.');
      logged = key;
    }
    return arenaHealth();
  }

  function check(): Promise<ArenaHealth> {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(ms: number): void {
    if (stopped) return;
    timer = setTimeout(() => void check().then(() => schedule(last.reached ? intervalMs : retryMs)), ms);
    timer.unref();
  }

  return {
    arenaHealth,
    check,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
