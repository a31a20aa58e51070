import { type ArenaClient, ArenaError, type ArenaTemplateStep } from '../../connectors/arena/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { Upstream } from '../../lib/errors.ts';
import type { SystemLog } from '../../lib/system-log.ts';

/** Arena as the quality-process features see it: the client and the complaint template, or nothing. */
export interface ArenaSetup {
  client: ArenaClient;
  templateGuid: string;
  /** ARENA_OWNER_GUID, which every create sends when set; without it the template's default owner takes the process. */
  ownerGuid?: string | undefined;
}

export const ARENA_NOT_CONFIGURED = 'Arena is not configured.';

export function requireArena(arena: ArenaSetup | undefined): ArenaSetup {
  if (!arena) throw new Upstream(ARENA_NOT_CONFIGURED);
  return arena;
}

/**
 * Arena refused the integration user's sign-in and the back-off has not passed: nothing reached
 * Arena, and the refusal was logged once when it happened, so callers neither log it again nor
 * record it as a failure.
 */
export function isSignInPaused(err: unknown): boolean {
  return err instanceof SignInPaused || (err instanceof ArenaError && err.kind === 'signin_paused');
}

/** The 502 a sign-in back-off replies with, telling callers apart from other Arena failures. */
export class SignInPaused extends Upstream {}

/** Arena's own words for a failed call; anything else is not Arena's message to pass on. */
export function arenaReason(err: unknown): string {
  if (err instanceof ArenaError || err instanceof Upstream) return err.message;
  return 'Arena could not be reached.';
}

/** How long the template's steps are reused: the template changes rarely, a mapping form asks often. */
export const TEMPLATE_TTL_MS = 5 * 60_000;

/**
 * The configured template's REGULAR steps with their attribute definitions, cached for a few
 * minutes and shared by concurrent callers. A failure is not cached; it replies 502 with Arena's
 * reason and is logged once per distinct reason.
 */
export function createTemplateSteps(deps: { arena: ArenaSetup | undefined; clock: Clock; log: SystemLog; ttlMs?: number }) {
  const ttl = deps.ttlMs ?? TEMPLATE_TTL_MS;
  let cached: { at: number; steps: ArenaTemplateStep[] } | undefined;
  let pending: Promise<ArenaTemplateStep[]> | undefined;
  let lastError: string | undefined;

  async function load(arena: ArenaSetup): Promise<ArenaTemplateStep[]> {
    try {
      const steps = await arena.client.getTemplateSteps(arena.templateGuid);
      cached = { at: deps.clock.now().getTime(), steps };
      lastError = undefined;
      return steps;
    } catch (err) {
      const reason = arenaReason(err);
      if (reason !== lastError && !isSignInPaused(err)) await deps.log.error('Arena', `Could not read the quality-process template ${arena.templateGuid}: ${reason}`);
      lastError = reason;
      throw isSignInPaused(err) ? new SignInPaused(reason) : new Upstream(reason);
    }
  }

  return {
    async steps(): Promise<ArenaTemplateStep[]> {
      const arena = requireArena(deps.arena);
      if (cached && deps.clock.now().getTime() - cached.at < ttl) return cached.steps;
      pending ??= load(arena).finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** Forgets the cached steps (tests, or after a template change in Arena). */
    clear(): void {
      cached = undefined;
    },
  };
}
export type TemplateSteps = ReturnType<typeof createTemplateSteps>;
