import { isAdminRole, type Role } from '@ruedas/domain';
import type { SessionGuard } from './auth';
import type { RequestContext } from './context';
import { forbidden, sessionInvalid } from './errors';

/** A verified caller; null is a visitor. */
export interface Caller {
  userId: string;
  role: Role;
}

/**
 * The verified caller of a request, looked up once per request. The role comes from the service's
 * own copy of identity's users (`roleOf`, its latest snapshot) when it has the user, since the one
 * in the token may be stale; the token's role otherwise.
 */
export function requestCaller(
  guard: SessionGuard,
  roleOf: (userId: string) => Promise<Role | null | undefined>,
): (ctx: RequestContext) => Promise<Caller | null> {
  const callers = new WeakMap<RequestContext, Promise<Caller | null>>();
  return (ctx) => {
    let found = callers.get(ctx);
    if (!found) {
      found = guard.optionalViewer(ctx).then(async (viewer) => {
        if (!viewer) return null;
        const role = await roleOf(viewer.userId);
        return { userId: viewer.userId, role: role ?? (viewer.role as Role) };
      });
      callers.set(ctx, found);
    }
    return found;
  };
}

export const isAdministrator = (caller: Caller | null): boolean => caller !== null && isAdminRole(caller.role);

/** Sellers (advertisers, test users, administrators) publish and buy; an impersonator's account only maintains users (spec 01 §6). */
export const isSeller = (caller: Caller | null): caller is Caller =>
  caller !== null && (caller.role === 'ADVERTISER' || caller.role === 'TESTUSER' || caller.role === 'ADMINISTRATOR');

/** The caller of a seller's operation: a visitor must sign in (0003), an impersonator may not. */
export function asSeller(caller: Caller | null): Caller {
  if (!caller) throw sessionInvalid();
  if (!isSeller(caller)) throw forbidden();
  return caller;
}

/** The caller of an administrator's operation: a visitor must sign in (0003), anybody else but an ADMINISTRATOR may not. */
export function asAdministrator(caller: Caller | null): Caller {
  if (!caller) throw sessionInvalid();
  if (!isAdministrator(caller)) throw forbidden();
  return caller;
}
