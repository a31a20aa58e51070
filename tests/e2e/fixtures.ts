import { randomUUID } from 'node:crypto';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';
import type { Role } from '#shared/roles';
import { E2E_ADMIN } from '../../playwright.config.ts';
import { type NewSubmission, type SubmissionWish, createSubmission } from './new-submission.ts';

export { expect };
export const PASSWORD = 'Quiet-Harbor-Lantern-e2e';

export interface Account {
  email: string;
  password: string;
  name: string;
  role: Role;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/v1/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).tokens.access.token as string;
}

/** Creates a user of the role through the API (the seeded super_admin for super_admin). */
export async function createAccount(request: APIRequestContext, role: Role, name?: string): Promise<Account> {
  if (role === 'super_admin') return { ...E2E_ADMIN, role };
  const token = await adminToken(request);
  const account = { email: `${role}-${randomUUID().slice(0, 8)}@example.com`, password: PASSWORD, name: name ?? `Test ${role[0]!.toUpperCase()}${role.slice(1)}`, role };
  const res = await request.post('/v1/users', { data: account, headers: { authorization: `Bearer ${token}` } });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(account.email);
  await page.getByLabel(/password/i).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

export const test = base.extend<{
  loginAs: (role: Role) => Promise<Account>;
  adminApi: (path: string, init?: { method?: string; data?: unknown }) => Promise<unknown>;
  /** A submission of the test's own, in the state it asks for (tests that change a submission create it). */
  newSubmission: (wish?: SubmissionWish) => Promise<NewSubmission>;
}>({
  loginAs: async ({ page, request }, use) => {
    await use(async (role) => {
      const account = await createAccount(request, role);
      await signIn(page, account);
      return account;
    });
  },
  adminApi: async ({ request }, use) => {
    await use(async (path, init = {}) => {
      const token = await adminToken(request);
      const res = await request.fetch(path, { method: init.method ?? 'GET', data: init.data, headers: { authorization: `Bearer ${token}` } });
      expect(res.ok(), `${init.method ?? 'GET'} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.status() === 204 ? null : res.json();
    });
  },
  newSubmission: async ({ request }, use) => {
    await use(async (wish) => createSubmission(request, await adminToken(request), wish));
  },
});
