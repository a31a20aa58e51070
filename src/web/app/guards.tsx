import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { type Capability, type Role, rolesFor } from '#shared/roles';
import { useSession } from '../lib/session.ts';
import { paths } from './paths.ts';

/** A guarded page without an access token sends the user to the login page. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const session = useSession();
  if (!session?.accessToken) return <Navigate to={paths.login} replace />;
  return children ?? <Outlet />;
}

export interface RequireRoleProps {
  /** The roles allowed are the ones holding this capability (src/shared/roles.ts). */
  capability?: Capability;
  /** Or an explicit role list. */
  roles?: readonly Role[];
  /** Every permission listed must be among the user's permissions (docs/product.md, Roles; no page uses it yet). */
  permissions?: readonly string[];
  children?: ReactNode;
}

/** A role outside the list, or a missing permission, sends the user to /unauthorized. */
export function RequireRole({ capability, roles, permissions = [], children }: RequireRoleProps) {
  const user = useSession()?.user;
  const allowed = roles ?? (capability ? rolesFor(capability) : undefined);
  const roleOk = !allowed || (!!user && allowed.includes(user.role));
  const permissionsOk = permissions.every((p) => user?.permissions.includes(p));
  if (!user || !roleOk || !permissionsOk) return <Navigate to={paths.unauthorized} replace />;
  return children ?? <Outlet />;
}
