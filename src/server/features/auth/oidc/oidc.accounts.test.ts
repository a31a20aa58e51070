import { describe, expect, it, vi } from 'vitest';
import type { UnitOfWork } from '../../../db/unit-of-work.ts';
import { fixedClock } from '../../../lib/clock.ts';
import type { UserRow, UsersRepo } from '../../users/index.ts';
import type { AuthEvents } from '../auth-events.ts';
import { type AccountsDeps, createAccountFinder } from './oidc.accounts.ts';
import type { ProviderPerson } from './oidc.client.ts';
import type { OidcRepo } from './oidc.repo.ts';

const person: ProviderPerson = { issuer: 'https://id.example', subject: 'nina', email: 'new@example.com', emailVerified: true, name: 'Nina New', roleValues: [], amr: [], authTime: undefined };
const account = { id: 'u-1', email: 'new@example.com', role: 'staff', isRestricted: false } as UserRow;

describe('the account of a provider sign-in', () => {
  it('is the one another sign-in of the same identity made between its two looks, not a refusal for an unlinked e-mail', async () => {
    // The first look finds no link; by the time the e-mail is looked up, the other sign-in has made
    // the account and its link in one transaction.
    const userOf = vi.fn<OidcRepo['userOf']>().mockResolvedValueOnce(undefined).mockResolvedValue(account.id);
    const refused = vi.fn();
    const deps: AccountsDeps = {
      // Only what this path reads; the rest of each dependency is never called here.
      repo: { userOf } as unknown as OidcRepo,
      users: { findByEmail: async () => account, findById: async () => account } as unknown as UsersRepo,
      uow: (() => Promise.reject(new Error('no write expected'))) as unknown as UnitOfWork,
      events: { refused, providerSignInFailed: vi.fn() } as unknown as AuthEvents,
      clock: fixedClock(new Date('2026-11-28T12:00:00Z')),
      roleClaim: undefined,
      roleMap: new Map(),
      provision: true,
      trustEmail: false,
      linkByEmail: false,
    };
    expect(await createAccountFinder(deps)(person, '127.0.0.1')).toEqual({ userId: account.id });
    expect(refused).not.toHaveBeenCalled();
  });
});
