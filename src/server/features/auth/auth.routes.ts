import { authApi } from '#shared/contract/auth';
import type { Route } from '../../plugins/contract.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(route: Route, auth: AuthService, loginRateLimit: number): void {
  // Per-IP limit here; the service adds a per-address lock after repeated failures.
  const rateLimit = { max: loginRateLimit, timeWindow: '1 minute' };
  route(authApi.login, ({ body }) => auth.login(body.email, body.password), { config: { rateLimit } });
  route(authApi.refreshTokens, ({ body }) => auth.refresh(body.refreshToken), { config: { rateLimit: { max: loginRateLimit * 6, timeWindow: '1 minute' } } });
  route(authApi.logout, async ({ body }) => {
    await auth.logout(body.refreshToken);
    return null;
  });
  route(authApi.profile, async ({ user }) => ({ user: await auth.profile(user.id) }));
}
