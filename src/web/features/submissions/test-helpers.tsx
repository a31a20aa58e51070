import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Submission, SubmissionRow } from '#shared/contract/submissions';
import type { Role } from '#shared/roles';
import { createQueryClient } from '../../lib/query-client.ts';
import { session } from '../../lib/session.ts';
import { submissionRow } from '../../../../tests/support/submission-row.ts';

// jsdom has no getAnimations; Headless UI's own stand-in warns on every dialog. None run here.
if (typeof Element !== 'undefined') Element.prototype.getAnimations = () => [];

// Whole pages with lazy dialogs: on a loaded machine 1 s of waiting is not always enough.
configure({ asyncUtilTimeout: 5000 });

/** Test-only: a fake server for the web client, answering by method and path. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}
export type Reply = { status: number; body?: unknown; text?: string } | Promise<{ status: number; body?: unknown; text?: string }>;
export type Handler = (call: Call) => Reply | undefined;

export function fakeServer(handler: Handler) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const call: Call = { method: init?.method ?? 'GET', path: url.pathname, query: url.searchParams, body: init?.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const reply = await (handler(call) ?? { status: 404, body: { code: 'not_found', message: `No fake for ${call.method} ${call.path}` } });
    // Raw text (a CSV): jsdom's Blob is not one Node's Response can read.
    if (reply.text !== undefined) return new Response(reply.text, { status: reply.status, headers: { 'content-type': 'text/csv' } });
    return new Response(reply.status === 204 || reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, fetch, callsTo: (method: string, path: string | RegExp) => calls.filter((c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path))) };
}

export function signInAs(role: Role = 'staff') {
  session.signIn({ accessToken: 'token', refreshToken: 'refresh', user: { id: 'u1', name: 'Sam Staff', email: 'sam@example.com', role, permissions: [], isRestricted: false, lastLogin: null, createdAt: '2025-01-01T00:00:00Z' } });
}

export { SUBMISSION_FORM_ID as FORM_ID, submissionRow as row } from '../../../../tests/support/submission-row.ts';

export function submission(overrides: Partial<Submission> = {}): Submission {
  return { ...submissionRow(overrides), answers: [], ...overrides };
}

export const page = (results: SubmissionRow[], extra: { page?: number; limit?: number; totalResults?: number } = {}) => {
  const limit = extra.limit ?? 10;
  const totalResults = extra.totalResults ?? results.length;
  return { results, page: extra.page ?? 1, limit, totalPages: Math.max(1, Math.ceil(totalResults / limit)), totalResults };
};

/** Renders routes under /dashboard/jotforms with a fresh query cache, like the app does. */
export function renderAt(url: string, routes: { path: string; element: ReactNode }[]) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}
