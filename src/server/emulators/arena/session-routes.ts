import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badLogin } from './failures.ts';
import { WORKSPACE } from './fixtures.ts';
import { type EmulatorContext, objectBody } from './request.ts';
import { newSessionToken } from './state.ts';

export function sessionToken(req: FastifyRequest): string | undefined {
  const value = req.headers.arena_session_id;
  return Array.isArray(value) ? value[0] : value;
}

/** POST /login, PUT|GET /logout (Arena REST API documentation, "Login"). */
export function sessionRoutes(app: FastifyInstance, { state, clock, credentials }: EmulatorContext): void {
  app.post('/login', async (req) => {
    const { email, password, workspaceId } = objectBody(req.body);
    const valid =
      typeof email === 'string' &&
      email.toLowerCase() === credentials.email.toLowerCase() &&
      password === credentials.password &&
      (workspaceId === undefined || workspaceId === credentials.workspaceId);
    if (!valid) throw badLogin();
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

  // The session hook already answered 401 for a missing or expired token.
  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(req);
    if (token) state.sessions.delete(token);
    return reply.code(200).send();
  };
  app.put('/logout', logout);
  app.get('/logout', logout);
}
