/**
 * The app's routing (decision 0107): React Router's names and the semantics the app relies on, on
 * wouter (Switch, Route, the matching of paths) and a history of our own (`history.ts`).
 */
export { Route, Switch } from 'wouter';
export type { Location, NavigateOptions, To } from './history';
export { Navigate, useLocation, useNavigate, useParams, useSearchParams, type NavigateFunction } from './hooks';
export { matchPath } from './match';
export { Link, NavLink, type LinkProps, type NavLinkProps } from './Link';
export { Outlet, RouteErrorBoundary, useRouteError, WithOutlet } from './Outlet';
export { BrowserRouter, MemoryRouter, StaticRouter } from './Router';
export { ScrollRestoration } from './ScrollRestoration';
