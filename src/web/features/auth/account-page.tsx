import type { ReactNode } from 'react';
import { DateTime } from '../../ui/date-time.tsx';
import { useCurrentUser } from '../../lib/session.ts';
import { Badge } from '../../ui/badge.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useProfile } from './api.ts';
import { MfaCard } from './mfa-card.tsx';
import { useMfaStatus } from './mfa-api.ts';
import { PasswordForm } from './password-form.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { ReminderCard } from '../mail/index.ts';
import { useSsoSettings } from './api.ts';
import { SsoLinkCard } from './sso-link-card.tsx';

const ROLE_NAMES = { super_admin: 'Super admin', admin: 'Admin', staff: 'Staff', member: 'Member' } as const;

/** A titled row of the page: what it is on the left, the card on the right (stacked on phones). */
export function AccountSection({ id, title, description, children }: { id: string; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid grid-cols-1 gap-x-8 gap-y-4 py-8 first:pt-0 md:grid-cols-3">
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      <div className="min-w-0 md:col-span-2">{children}</div>
    </section>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="px-4 py-3 sm:grid sm:grid-cols-3 sm:gap-4 sm:px-6">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-sm break-words text-slate-900 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** /dashboard/account: the signed-in user's details, password and sessions. */
export function AccountPage() {
  const profile = useProfile();
  const signedIn = useCurrentUser();
  const user = profile.data?.user ?? signedIn;
  const mfa = useMfaStatus().data;
  const sso = !!useSsoSettings().data?.enabled;
  // A role that needs two-step verification, without it: the set-up is all this session may do (MFA_REQUIRED_ROLES).
  const settingUpFirst = !!mfa?.required && !mfa.enabled;
  if (!user) return null;
  return (
    <>
      <PageHeader title="My account" description="Your details, your password, two-step verification, reminders and where you are signed in." />
      <div className="divide-y divide-slate-200">
        <AccountSection id="account-profile" title="Profile" description="An administrator changes names, email addresses and roles on the Users page.">
          <dl className="divide-y divide-slate-100 rounded-lg bg-white shadow-xs ring-1 ring-slate-200">
            <Detail label="Name">{user.name}</Detail>
            <Detail label="Email">{user.email}</Detail>
            <Detail label="Role">
              <Badge tone="brand">{ROLE_NAMES[user.role]}</Badge>
            </Detail>
            <Detail label="Last sign-in">{user.lastLogin ? <DateTime value={user.lastLogin} /> : 'Never'}</Detail>
          </dl>
        </AccountSection>
        {!settingUpFirst && (
          <AccountSection id="account-password" title="Change password" description="Changing it signs you out everywhere else; this browser stays signed in.">
            <PasswordForm />
          </AccountSection>
        )}
        <AccountSection id="account-mfa" title="Two-step verification" description="A code from an app on your phone as well as your password, so a stolen password alone cannot sign in.">
          <MfaCard />
        </AccountSection>
        {sso && !settingUpFirst && (
          <AccountSection id="account-sso" title="Single sign-on" description="Sign in with your organisation account, whose sign-in service checks its own second factor.">
            <SsoLinkCard />
          </AccountSection>
        )}
        {!settingUpFirst && (
          <AccountSection id="account-reminders" title="Reminders" description="An e-mail each morning when a complaint you own needs attention.">
            <ReminderCard />
          </AccountSection>
        )}
        {!settingUpFirst && (
          <AccountSection id="account-sessions" title="Sessions" description="Where you are signed in now. Sign out any you do not recognise, then change your password.">
            <SessionsCard />
          </AccountSection>
        )}
      </div>
    </>
  );
}
