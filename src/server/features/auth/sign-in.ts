import type { AuthTokens, SignInMethod } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import { type UserRow, type UsersRepo, toUser } from '../users/index.ts';
import type { AuthEvents } from './auth-events.ts';
import type { ClientInfo, Sessions } from './sessions.ts';

export interface SignedIn {
  user: User;
  tokens: AuthTokens;
}

/**
 * The last step of every successful sign-in (password, second factor, single sign-on): the same
 * reply as `POST /v1/auth/login`, a new session recorded with how it was proven. The last-login
 * time, the session, its first refresh token and the audit entry commit together.
 */
export function createSignIn({ users, sessions, events, clock, uow }: { users: UsersRepo; sessions: Sessions; events: AuthEvents; clock: Clock; uow: UnitOfWork }) {
  return async function signIn(user: UserRow, client: ClientInfo, method: SignInMethod): Promise<SignedIn> {
    return uow(async (work) => {
      const updated = (await users.update(user.id, { lastLogin: clock.now() }, work.tx)) ?? user;
      const { sessionId, tokens } = await sessions.start(work.tx, updated, client, method);
      await events.signedIn(work, updated, sessionId, client.address, method);
      return { user: toUser(updated), tokens };
    });
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
