import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountDisabled, badLogin } from './failures.ts';
import { WORKSPACE } from './fixtures.ts';
import { type EmulatorContext, objectBody } from './request.ts';
import { newSessionToken } from './state.ts';

export function sessionToken(req: FastifyRequest): string | undefined {
  const value = req.headers.arena_session_id;
  return Array.isArray(value) ? value[0] : value;
}

/** Bad passwords in a row after which Arena disables the account (it documents "too many", not how many). */
export const BAD_PASSWORDS_BEFORE_LOCK = 5;
const LOCK_MS = 5 * 60_000;

/** POST /login, PUT|GET /logout (Arena REST API documentation, "POST Log In"). */
export function sessionRoutes(app: FastifyInstance, { state, clock, credentials }: EmulatorContext): void {
  app.post('/login', async (req) => {
    const { email, password, workspaceId } = objectBody(req.body);
    const now = clock.now().getTime();
    const known = typeof email === 'string' && email.toLowerCase() === credentials.email.toLowerCase();
    // "Too many invalid password attempts, account disabled for five minutes." (4083): the right
    // password is refused too until the five minutes have passed.
    if (known && now < state.lockout.until) throw accountDisabled();
    if (known && password !== credentials.password) {
      state.lockout.badPasswords += 1;
      if (state.lockout.badPasswords < BAD_PASSWORDS_BEFORE_LOCK) throw badLogin();
      state.lockout = { badPasswords: 0, until: now + LOCK_MS };
      throw accountDisabled();
    }
    const valid = known && password === credentials.password && (workspaceId === undefined || workspaceId === credentials.workspaceId);
    if (!valid) throw badLogin();
    state.lockout.badPasswords = 0;
    // One session per user: Arena revokes the older token on a new login.
    const user = credentials.email.toLowerCase();
    for (const [token, session] of state.sessions) if (session.email === user) state.sessions.delete(token);
    const token = newSessionToken();
    state.sessions.set(token, { email: user, lastUsedAt: clock.now().getTime() });
    state.logins += 1;
    return {
      arenaSessionId: token,
      workspaceId: credentials.workspaceId,
      workspaceName: WORKSPACE.name,
      workspaceRequestLimit: state.quota.limit,
    };
  });

  // The session hook already replied 401 for a missing or expired token.
  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(req);
    if (token) state.sessions.delete(token);
    return reply.code(200).send();
  };
  app.put('/logout', logout);
  app.get('/logout', logout);
}
