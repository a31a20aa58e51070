import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { authApi } from '#shared/contract/auth';
import { paths } from '../../app/paths.ts';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';
import { session } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

export const authKeys = {
  profile: ['auth', 'profile'] as const,
};

/** Spec §8 Login: the server's message, else 'Authentication failed' / 'An error occurred during login'. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: { email: string; password: string }) =>
      api(authApi.login, { body, fallback: { failed: 'Authentication failed', thrown: 'An error occurred during login' } }),
    onSuccess: ({ user, tokens }) => {
      // Nothing cached for a previous user may show to this one.
      queryClient.clear();
      toast.success('User Login successfully!');
      session.signIn({ accessToken: tokens.access.token, refreshToken: tokens.refresh.token, user });
    },
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
      const { user } = await api(authApi.profile, { signal, fallback: 'Failed to fetch authenticated user data' });
      const current = session.get()?.user;
      if (JSON.stringify(current) !== JSON.stringify(user)) session.setUser(user);
      return user;
    },
    staleTime: 5 * 60_000,
  });
}

/**
 * Sign out: the server ends the refresh token; whatever it answers, the session here ends too
 * (a failed call must not leave someone signed in on a shared ward computer).
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [isSigningOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    const refreshToken = session.get()?.refreshToken;
    try {
      if (refreshToken) await api(authApi.logout, { body: { refreshToken }, fallback: 'An error occurred during logout' });
    } catch {
      // Ended locally below either way.
    } finally {
      session.clear();
      toast.success('Logged Out');
      await navigate(paths.login, { replace: true });
      queryClient.clear();
    }
  }
  return { signOut, isSigningOut };
}
