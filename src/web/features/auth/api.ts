import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type ChangePasswordBody, authApi } from '#shared/contract/auth';
import { mfaApi } from '#shared/contract/auth-mfa';
import { ssoApi } from '#shared/contract/auth-sso';
import type { ResponseOf } from '#shared/contract/endpoints';
import { paths } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { session } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

export const authKeys = {
  profile: ['auth', 'profile'] as const,
  sessions: ['auth', 'sessions'] as const,
};

const LOGIN_FALLBACK = { failed: 'Authentication failed', thrown: 'An error occurred during login' };

/** What every successful sign-in does, whichever way it was proven. */
function useStartSession(viaSso = false) {
  const queryClient = useQueryClient();
  return ({ user, tokens }: ResponseOf<typeof authApi.login>) => {
    // Nothing cached for a previous user may show to this one.
    queryClient.clear();
    toast.success('User Login successfully!');
    session.signIn({ accessToken: tokens.access.token, refreshToken: tokens.refresh.token, user, idleMinutes: tokens.idleMinutes, ...(viaSso ? { viaSso } : {}) });
  };
}

/** Login: the server's message, else 'Authentication failed' / 'An error occurred during login'. */
export function useLogin() {
  return useSingleFlightMutation({
    mutationFn: (body: { email: string; password: string }) => api(authApi.login, { body, fallback: LOGIN_FALLBACK }),
    onSuccess: useStartSession(),
  });
}

/** A provider sign-in: the one-time code the server put in the sign-in page's address. */
export function useSsoExchange() {
  return useSingleFlightMutation({
    mutationFn: (code: string) => api(ssoApi.exchange, { body: { code }, fallback: LOGIN_FALLBACK }),
    onSuccess: useStartSession(true),
  });
}

/** Whether the sign-in page offers single sign-on, and its button's text. */
export function useSsoSettings() {
  return useQuery({ queryKey: ['auth', 'sso'], queryFn: ({ signal }) => api(ssoApi.settings, { signal, fallback: 'Failed to fetch the sign-in options' }), staleTime: Infinity });
}

/** The second step of a password sign-in: a code from the authenticator app or a recovery code. */
export function useLoginMfa() {
  return useSingleFlightMutation({
    mutationFn: (body: { challenge: string; code: string }) => api(mfaApi.loginMfa, { body, fallback: LOGIN_FALLBACK }),
    onSuccess: useStartSession(),
  });
}

/**
 * The signed-in user as the server sees them now, so a changed name or role shows without a new
 * sign-in (the guards follow the session's user).
 */
export function useProfile() {
  return useQuery({
    queryKey: authKeys.profile,
    queryFn: async ({ signal }) => {
      const profile = await api(authApi.profile, { signal, fallback: 'Failed to fetch authenticated user data' });
      const current = session.get()?.user;
      if (JSON.stringify(current) !== JSON.stringify(profile.user)) session.setUser(profile.user);
      return profile;
    },
    staleTime: 5 * 60_000,
  });
}

/** Set while the browser visits the identity provider's sign-out, so the sign-in page says 'Logged Out' on its return. */
export const PROVIDER_SIGN_OUT_KEY = 'qp.provider-sign-out';
/** This page is on its way to the provider's sign-out: the sign-in page drawn meanwhile must leave the note for the return. */
let leavingForProvider = false;
export const isLeavingForProvider = () => leavingForProvider;

/**
 * Sign out: the server ends the refresh token; whatever it replies, the session here ends too
 * (a failed call must not leave someone signed in on a shared ward computer). A single sign-on
 * session then goes through the provider's sign-out, which comes back to the sign-in page.
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSigningOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    const refreshToken = session.get()?.refreshToken;
    const viaSso = !!session.get()?.viaSso;
    try {
      if (refreshToken) await api(authApi.logout, { body: { refreshToken }, fallback: 'An error occurred during logout' });
    } catch {
      // Ended locally below either way.
    }
    if (viaSso) {
      leavingForProvider = true;
      sessionStorage.setItem(PROVIDER_SIGN_OUT_KEY, '1');
      session.clear();
      window.location.assign(ssoApi.signOut.path);
      return;
    }
    session.clear();
    toast.success('Logged Out');
    await navigate(paths.login, { replace: true });
    queryClient.clear();
  }
  return { signOut, isSigningOut };
}

/** The user's own password change; every other session of theirs ends on the server. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: ChangePasswordBody) => api(authApi.changePassword, { body, fallback: { failed: 'Password change failed', thrown: 'An error occurred while changing the password' } }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: authKeys.profile }), queryClient.invalidateQueries({ queryKey: authKeys.sessions })]),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: authKeys.sessions,
    queryFn: async ({ signal }) => (await api(authApi.sessions, { signal, fallback: 'Failed to fetch your sessions' })).results,
  });
}

/** Ends one session (`sessionId`) or, without one, every session but this one. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (sessionId?: string) =>
      sessionId
        ? api(authApi.endSession, { params: { sessionId }, fallback: 'Failed to sign out the session' })
        : api(authApi.endOtherSessions, { fallback: 'Failed to sign out other sessions' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions }),
  });
}
