import { NavLink } from 'react-router';
import { can } from '#shared/roles';
import { cn } from '../../lib/cn.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { Icon } from '../../ui/icons.tsx';
import { NAV_ITEMS } from './nav-items.ts';

/** The role's entries; NavLink marks the one matching the path (aria-current="page"). */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const role = useCurrentUser()?.role;
  return (
    <nav aria-label="Main">
      <ul className="space-y-1">
        {NAV_ITEMS.filter((item) => can(role, item.capability)).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end ?? false}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'group flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  isActive ? 'bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-100' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <Icon name={item.icon} className={cn('size-5 shrink-0', isActive ? 'text-brand-700' : 'text-slate-400 group-hover:text-slate-600')} />
                  {item.label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
