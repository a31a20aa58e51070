import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import type { Role } from '#shared/roles';
import { createQueryClient } from '../lib/query-client.ts';
import { session } from '../lib/session.ts';

// jsdom has no getAnimations; Headless UI's own stand-in warns on every dialog. None run here.
if (typeof Element !== 'undefined') Element.prototype.getAnimations = () => [];

// Pages load lazily and fetch through the fake server; on a busy machine that can take over 1 s.
configure({ asyncUtilTimeout: 5000 });

export interface TestRoute {
  path: string;
  element: ReactNode;
}

/**
 * Renders `routes` at `url` in a data router (useBlocker needs one), with a fresh query cache and
 * the toaster, like the app. Failed queries are not retried: a test sees the failure at once.
 */
export function renderAt(url: string, routes: TestRoute[]) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/** One page at its own path, with the routes it links to. */
export function renderPage(path: string, page: ReactNode, linked: TestRoute[] = []) {
  return renderAt(path, [{ path, element: page }, ...linked]).router;
}

/** A signed-in session of the role, as after the login page. */
export function signInAs(role: Role = 'staff', permissions: string[] = []) {
  session.signIn({
    accessToken: 'token',
    refreshToken: 'refresh',
    user: { id: 'u1', name: 'Sam Staff', email: 'sam@example.com', role, permissions, isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00Z' },
  });
}
