import { z } from 'zod';
import type { SignInMethod } from '#shared/contract/auth';
import type { UnitOfWork, Work } from '../../db/unit-of-work.ts';
import type { AuditActor, AuditRecord } from '../../lib/audit.ts';
import type { SystemLog } from '../../lib/system-log.ts';

/** Why a session ended, as recorded on it and in the audit trail. */
export type SessionEndReason =
  | 'logout'
  | 'signed out by user'
  | 'password changed'
  | 'password reset'
  | 'restricted'
  | 'signed out by admin'
  | 'refresh token reuse'
  | 'idle'
  | 'maximum age'
  | 'second factor required';

interface Account {
  id: string;
  email: string;
}

const wellFormed = z.email();

/** How a sign-in was proven, in words for the system log. */
const METHOD_TEXT: Record<SignInMethod, string> = {
  password: 'password',
  'password+totp': 'password and authenticator app',
  'password+recovery': 'password and recovery code',
  sso: 'single sign-on',
};

/**
 * The e-mail as typed, only when it is a well-formed address: people type passwords into the
 * e-mail field, and a password must never reach a log.
 */
export function loggableEmail(email: string): string {
  return wellFormed.safeParse(email).success ? email : '(not an e-mail address)';
}

/**
 * Every sign-in event, in the system log (for admins) and the audit trail (retained), with the
 * client address. An event that stores nothing else (a failure, a lock) is an entry of its own.
 */
export function createAuthEvents(log: SystemLog, uow: UnitOfWork) {
  const actorOf = (account: Account, address: string): AuditActor => ({ id: account.id, email: account.email, address });
  const audit = { record: (entry: AuditRecord) => uow(({ audit: write }) => write(entry)) };

  return {
    /** In the sign-in's own transaction (`work`), with its session and how it was proven; logged once that has committed. */
    async signedIn(work: Work, user: Account, sessionId: string, address: string, method: SignInMethod): Promise<void> {
      await work.audit({ actor: actorOf(user, address), entity: 'session', entityId: sessionId, action: 'sign in', after: { userId: user.id, method } });
      work.afterCommit(() => log.success('Auth', `User ${user.email} signed in from ${address} (${METHOD_TEXT[method]})`));
    },

    async signInFailed(user: Account, address: string): Promise<void> {
      await log.error('Auth', `Failed sign-in for ${user.email} from ${address}`);
      await audit.record({ actor: null, address, entity: 'user', entityId: user.id, action: 'sign-in failed', after: { email: user.email } });
    },

    /** The first failed sign-in of a client in a minute for an e-mail with no account (the rest are only counted). */
    async unknownSignInFailed(client: string): Promise<void> {
      await log.error('Auth', `Failed sign-ins for e-mail addresses with no account from ${client}`);
    },

    async locked(user: Account, address: string): Promise<void> {
      await log.error('Auth', `Sign-in to ${user.email} from ${address} locked for 15 minutes after 5 failed attempts`);
      await audit.record({ actor: null, address, entity: 'user', entityId: user.id, action: 'sign-in locked', after: { email: user.email } });
    },

    /** A client refused for the accounts it failed on; audited when the last of them exists. */
    async addressLocked(email: string, user: Account | undefined, address: string): Promise<void> {
      const shown = loggableEmail(email);
      await log.error('Auth', `Sign-in from ${address} locked for 15 minutes for the accounts it failed on, after 50 failed attempts across accounts (last: ${shown})`);
      if (user) await audit.record({ actor: null, address, entity: 'user', entityId: user.id, action: 'address locked', after: { email: shown } });
    },

    /** Failures on one account from many addresses: a distributed guess, reported, never a lock-out. */
    async spreadAttack(email: string, addresses: number): Promise<void> {
      await log.error('Auth', `Failed sign-ins for ${loggableEmail(email)} from ${addresses} different addresses within 15 minutes: possible password guessing`);
    },

    /**
     * A provider round trip that signed no one in and names no account (no account for the identity,
     * cancelled at the provider, timed out, the provider unreachable): a system-log line, as the
     * provider start and callback are throttled per client.
     */
    async providerSignInFailed(address: string, why: string): Promise<void> {
      await log.error('Auth', `Single sign-on from ${address} did not sign in: ${why}`);
    },

    async refused(user: Account, address: string, why: string): Promise<void> {
      await log.error('Auth', `Sign-in refused for ${user.email} from ${address}: ${why}`);
      await audit.record({ actor: null, address, entity: 'user', entityId: user.id, action: 'sign-in refused', after: { reason: why } });
    },

    /** Recorded in the change's own transaction (`work`), as every change with an audit entry is. */
    async passwordChanged(work: Work, user: Account, address: string, othersEnded: number): Promise<void> {
      await work.audit({ actor: actorOf(user, address), entity: 'user', entityId: user.id, action: 'password change' });
      await log.success('Auth', `User ${user.email} changed their password from ${address}; ${othersEnded} other session${othersEnded === 1 ? '' : 's'} ended`);
    },

    /** A wrong password or code where a signed-in user had to prove it is them (`purpose`: what for). */
    async proofFailed(user: Account, address: string, purpose: string): Promise<void> {
      await log.error('Auth', `Wrong password or code for ${user.email} from ${address} (${purpose})`);
      await audit.record({ actor: actorOf(user, address), entity: 'user', entityId: user.id, action: 'identity check failed', after: { purpose } });
    },

    async passwordChangeFailed(user: Account, address: string): Promise<void> {
      await log.error('Auth', `Password change for ${user.email} from ${address} refused: wrong current password`);
      await audit.record({ actor: actorOf(user, address), entity: 'user', entityId: user.id, action: 'password change failed' });
    },

    /** Sessions ended, by the user, an admin or the system (actor null: idleness, token reuse): audited in the change's transaction, logged after it. */
    async sessionsEnded(work: Work, user: Account, sessionIds: readonly string[], reason: SessionEndReason, actor: AuditActor | null, address: string | undefined): Promise<void> {
      if (sessionIds.length === 0) return;
      for (const id of sessionIds) {
        await work.audit({ actor, ...(address ? { address } : {}), entity: 'session', entityId: id, action: 'end session', after: { userId: user.id, reason } });
      }
      const by = actor && actor.id !== user.id ? ` by ${actor.email}` : '';
      const from = address ? ` (from ${address})` : '';
      const count = sessionIds.length === 1 ? 'Session' : `${sessionIds.length} sessions`;
      const line = reason === 'logout' ? `User ${user.email} signed out${from}` : `${count} of ${user.email} ended${by}: ${reason}${from}`;
      // Written after the commit: waiting for a second connection inside the transaction would let
      // many sessions ended at once hold every pooled connection while each waits for one more.
      work.afterCommit(() => (reason === 'refresh token reuse' ? log.error('Auth', line) : log.success('Auth', line)));
    },
  };
}
export type AuthEvents = ReturnType<typeof createAuthEvents>;
