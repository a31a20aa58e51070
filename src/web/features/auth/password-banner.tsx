import { Link, useLocation } from 'react-router';
import { paths } from '../../app/paths.ts';
import { buttonClasses } from '../../ui/button.tsx';
import { Icon } from '../../ui/icons.tsx';
import { useProfile } from './api.ts';

/**
 * While the first super_admin still has the password generated at first start (printed once in
 * a console), every dashboard page asks to change it: a prompt, not a forced redirect.
 */
export function GeneratedPasswordBanner() {
  const profile = useProfile();
  const { pathname } = useLocation();
  if (!profile.data?.passwordGenerated || pathname === paths.account) return null;
  return (
    <div role="status" className="mb-6 flex flex-col gap-3 rounded-lg bg-amber-50 px-4 py-3 ring-1 ring-amber-200 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-start gap-2.5 text-sm text-amber-900">
        <Icon name="warning" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <span>
          <span className="font-semibold">Your password was generated when the portal was first started.</span> Choose a password of your own now.
        </span>
      </p>
      <Link to={paths.account} className={buttonClasses('primary', 'sm')}>
        Change password
      </Link>
    </div>
  );
}
