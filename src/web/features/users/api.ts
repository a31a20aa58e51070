import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaApi } from '#shared/contract/auth-mfa';
import { ssoApi } from '#shared/contract/auth-sso';
import { type CreateUserBody, type UpdateUserBody, usersApi } from '#shared/contract/users';
import { api } from '../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../lib/single-flight.ts';

export interface UsersListQuery {
  page: number;
  limit: number;
  sortBy: string;
}

export const usersKeys = {
  all: ['users'] as const,
  list: (query: UsersListQuery) => [...usersKeys.all, 'list', query] as const,
  signIn: (userId: string) => [...usersKeys.all, 'sign-in', userId] as const,
};

export function useUsersList(query: UsersListQuery) {
  return useQuery({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => api(usersApi.list, { query, signal, fallback: 'An error occurred while fetching users' }),
    // The table keeps the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** User create: the server's message, else 'User Creation Failed'. */
export function useCreateUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: CreateUserBody) => api(usersApi.create, { body, fallback: { failed: 'User Creation Failed', thrown: 'An error occurred during User Creation' } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/** Only the fields given travel, never the id (it is in the path). */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ userId, body }: { userId: string; body: UpdateUserBody }) => api(usersApi.update, { params: { userId }, body, fallback: 'User Update failed' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/** Sets the restriction to the value given (the toggle sends the opposite of the current one). */
export function useRestrictUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ userId, isRestricted }: { userId: string; isRestricted: boolean }) =>
      api(usersApi.restrictAccess, { params: { userId }, body: { isRestricted }, fallback: { failed: 'Failed to restrict user', thrown: 'An error occurred while restricting users' } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}

/** "Sign out everywhere": every session of the user ends at its next request. */
export function useSignOutEverywhere() {
  return useSingleFlightMutation({
    mutationFn: (userId: string) => api(usersApi.signOutEverywhere, { params: { userId }, fallback: 'Failed to sign out the user' }),
  });
}

/** How the user signs in: through the identity provider (which may give their role), and whether two-step verification is on. */
export function useUserSignIn(userId: string) {
  return useQuery({
    queryKey: usersKeys.signIn(userId),
    queryFn: ({ signal }) => api(mfaApi.userSignIn, { params: { userId }, signal, fallback: 'Failed to fetch how the user signs in' }),
  });
}

/** Turns the user's two-step verification off (a lost phone); they set it up again themselves. */
export function useResetMfa() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (userId: string) => api(mfaApi.reset, { params: { userId }, fallback: 'Failed to reset two-step verification' }),
    onSettled: (_data, _error, userId) => queryClient.invalidateQueries({ queryKey: usersKeys.signIn(userId) }),
  });
}

/** Whether the portal signs people in through an identity provider (the Edit dialog then offers to link accounts). */
export function useSsoEnabled() {
  return useQuery({ queryKey: ['auth', 'sso'], queryFn: ({ signal }) => api(ssoApi.settings, { signal, fallback: 'Failed to fetch the sign-in options' }), staleTime: Infinity, select: (s) => s.enabled });
}

/** Links the user's account to the provider identity `subject`, or unlinks it (subject null). */
export function useLinkUser() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ userId, subject }: { userId: string; subject: string | null }) =>
      subject === null
        ? api(ssoApi.unlinkUser, { params: { userId }, fallback: 'Failed to unlink single sign-on' })
        : api(ssoApi.linkUser, { params: { userId }, body: { subject }, fallback: 'Failed to link single sign-on' }),
    onSettled: (_data, _error, { userId }) => queryClient.invalidateQueries({ queryKey: usersKeys.signIn(userId) }),
  });
}
