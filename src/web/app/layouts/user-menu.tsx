import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router';
import { useSignOut } from '../../features/auth/api.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { Icon } from '../../ui/icons.tsx';
import { paths } from '../paths.ts';

/** At most two initials — first and last word of the name. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words;
  return letters.map((w) => w[0]!.toUpperCase()).join('').slice(0, 2);
}

export function UserMenu() {
  const user = useCurrentUser();
  const { signOut, isSigningOut } = useSignOut();
  if (!user) return null;
  return (
    <Menu as="div" className="relative">
      <MenuButton className="flex items-center gap-3 rounded-full py-1 pr-2 pl-1 hover:bg-slate-100 data-open:bg-slate-100">
        <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white">
          {initials(user.name)}
        </span>
        <span className="max-w-40 truncate text-sm font-medium text-slate-800 max-sm:sr-only">{user.name}</span>
        <Icon name="chevronDown" className="size-4 text-slate-500 max-sm:hidden" />
        <span className="sr-only">Open user menu</span>
      </MenuButton>
      {/*
        Not modal and not anchored: a modal menu makes the rest of the page inert (the page loses its
        main landmark and heading while it is open), and an anchored one is portalled outside the
        top bar's landmark. Placed under its button, inside the banner. It grows in by CSS alone and
        closes at once, as the dialogs do (decision 067).
      */}
      <MenuItems
        modal={false}
        className="absolute right-0 z-40 mt-2 w-56 origin-top-right rounded-lg bg-white py-1 shadow-lg ring-1 ring-slate-900/10 transition duration-100 focus:outline-none starting:scale-95 starting:opacity-0"
      >
        <div className="border-b border-slate-100 px-4 py-2.5">
          <p className="truncate text-sm font-medium text-slate-900">{user.name}</p>
          <p className="truncate text-xs text-slate-600">{user.email}</p>
        </div>
        <MenuItem>
          <Link to={paths.account} className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900">
            <Icon name="userCircle" className="size-4 text-slate-500" />
            My account
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" disabled={isSigningOut} onClick={() => void signOut()} className="flex w-full items-center gap-2 px-4 py-2 text-left text-sm text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900">
            <Icon name="signOut" className="size-4 text-slate-500" />
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
