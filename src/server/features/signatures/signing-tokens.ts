import { randomBytes } from 'node:crypto';
import { SIGNING_TOKEN_SECONDS, type SigningMethod } from '#shared/contract/signatures';
import type { Queryable } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { SigningFailed } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { sha256 } from './canonical.ts';
import type { SignaturesRepo } from './signatures.repo.ts';

/**
 * Proves the signer is the signed-in user, now: their password, and their code when two-step
 * verification is on, counted in the sign-in throttle (features/auth). Answers how it was proven.
 */
export type Reauthenticate = (actor: AuthUser, password: string, code: string | undefined) => Promise<SigningMethod>;

export interface SigningTokensDeps {
  repo: SignaturesRepo;
  clock: Clock;
  reauthenticate: Reauthenticate;
}

/** Signing tokens: one re-authentication, good for one signature, in the same session, for two minutes. */
export function createSigningTokens({ repo, clock, reauthenticate }: SigningTokensDeps) {
  /** A new token for the session, proven by `method` (a password with its code, or a fresh provider sign-in). */
  async function issueFor(owner: { userId: string; sessionId: string }, method: SigningMethod): Promise<{ token: string; expiresAt: string }> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + SIGNING_TOKEN_SECONDS * 1000);
    // Tokens over a day old are of no use to anyone, not even to say why they failed.
    await repo.pruneTokens(new Date(now.getTime() - 86_400_000));
    await repo.insertToken({ id: sha256(token), userId: owner.userId, sessionId: owner.sessionId, method, createdAt: now, expiresAt });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  return {
    issueFor,
    /** POST /v1/auth/signing-token: the password (and code) again, then a token. */
    async issue(actor: AuthUser, password: string, code: string | undefined): Promise<{ token: string; expiresAt: string }> {
      const method = await reauthenticate(actor, password, code);
      return issueFor({ userId: actor.id, sessionId: actor.sessionId }, method);
    },
    /** Uses a token for one signature in the change's transaction; a token that cannot be used says why (401). */
    async use(tx: Queryable, actor: AuthUser, token: string): Promise<SigningMethod> {
      const id = sha256(token);
      const now = clock.now();
      const method = await repo.useToken(tx, id, { userId: actor.id, sessionId: actor.sessionId }, now);
      if (method) return method;
      const row = await repo.token(id, tx);
      if (!row) throw new SigningFailed('This signature could not be verified. Sign again.');
      if (row.userId !== actor.id || row.sessionId !== actor.sessionId) throw new SigningFailed('This signature was made in another session. Sign again.');
      if (row.usedAt) throw new SigningFailed('This signature was already used. Sign again.');
      throw new SigningFailed(`This signature expired after ${SIGNING_TOKEN_SECONDS / 60} minutes. Sign again.`);
    },
  };
}
export type SigningTokens = ReturnType<typeof createSigningTokens>;
