import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';

/** A request the fake server saw: method, path and parsed JSON body. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

type Handler = (request: SeenRequest) => { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;

/**
 * Stubs fetch with routes keyed 'METHOD /path' (query string ignored); an unknown route answers
 * 404 so a test sees it rather than hanging. Shared by the feature tests of this folder and the
 * configurations features.
 */
export function fakeServer(routes: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SeenRequest = { method: init?.method ?? 'GET', path: url.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
    seen.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    const answer = handler ? await handler(request) : { status: 404, body: { code: 'not_found', message: `No route ${request.method} ${request.path}` } };
    return new Response(answer.status === 204 ? null : JSON.stringify(answer.body ?? null), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { seen, fetch };
}

// Pages load lazily and fetch through a fake server; on a busy machine that can take over 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Renders a page at `path` in a data router (useBlocker needs one), with a fresh query cache and toasts. */
export function renderPage(path: string, page: ReactNode, extraRoutes: { path: string; element: ReactNode }[] = []) {
  const router = createMemoryRouter([{ path, element: page }, ...extraRoutes], { initialEntries: [path] });
  const client = createQueryClient();
  // Tests should see a failure at once, not after the app's retries.
  client.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return router;
}
