import type { AuthTokens, SignInMethod } from '#shared/contract/auth';
import type { User } from '#shared/contract/users';
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
 * answer as `POST /v1/auth/login`, a new session recorded with how it was proven.
 */
export function createSignIn({ users, sessions, events, clock }: { users: UsersRepo; sessions: Sessions; events: AuthEvents; clock: Clock }) {
  return async function signIn(user: UserRow, client: ClientInfo, method: SignInMethod): Promise<SignedIn> {
    const updated = (await users.update(user.id, { lastLogin: clock.now() })) ?? user;
    const { sessionId, tokens } = await sessions.start(updated, client, method);
    await events.signedIn(updated, sessionId, client.address);
    return { user: toUser(updated), tokens };
  };
}
export type SignIn = ReturnType<typeof createSignIn>;
