import { Component, createContext, use, type ReactNode } from 'react';

const OutletContext = createContext<ReactNode>(null);

/** Renders `layout` with `page` where the layout has its `<Outlet />`. */
export function WithOutlet({ layout, page }: { layout: ReactNode; page: ReactNode }) {
  return <OutletContext value={page}>{layout}</OutletContext>;
}

/** The page of the current route, inside a layout (see WithOutlet). */
export function Outlet() {
  return use(OutletContext);
}

const ErrorContext = createContext<unknown>(undefined);

/** The error a page failed with, inside the error boundary's fallback. */
export function useRouteError(): unknown {
  return use(ErrorContext);
}

interface BoundaryProps {
  /** The history entry: moving to another one clears the error (the next page is tried). */
  resetKey: string;
  fallback: ReactNode;
  children: ReactNode;
}

interface BoundaryState {
  failure: { error: unknown } | null;
  resetKey: string;
}

/** Catches a page that failed to load or to render, and shows `fallback` (reading the error with useRouteError) in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failure: null, resetKey: props.resetKey };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <ErrorContext value={failure.error}>{this.props.fallback}</ErrorContext> : this.props.children;
  }
}
