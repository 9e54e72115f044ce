import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { createPath, type NavigateOptions, type To } from './history';
import { useRouter } from './Router';

export type LinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> &
  Omit<NavigateOptions, 'from'> & {
    to: To;
    /** A plain link: the browser loads the page (no navigation inside the app). */
    reloadDocument?: boolean;
  };

/** A real link (it works without scripts, and opens in a new tab with a modifier); a plain click navigates inside the app. */
export function Link({ to, replace, state, reloadDocument, onClick, target, ...rest }: LinkProps) {
  const { location, navigate } = useRouter();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || reloadDocument || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={createPath(to, location)} target={target} onClick={handle} />;
}

export type NavLinkProps = Omit<LinkProps, 'className'> & {
  /** Active only on this very path, not below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

/** A link that knows it leads to the shown page: then it has `aria-current="page"` and the `active` class. */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const { location } = useRouter();
  const target = (typeof props.to === 'string' ? props.to : (props.to.pathname ?? location.pathname)).split(/[?#]/)[0] ?? '/';
  const shown = location.pathname.toLowerCase();
  const path = target.toLowerCase().replace(/(.)\/$/, '$1');
  const isActive = shown === path || (!end && path !== '/' && shown.startsWith(`${path}/`));
  const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : undefined].filter(Boolean).join(' ');
  return <Link {...props} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />;
}
