/**
 * Catches what a route throws while rendering and shows an error page in its place (spec 1 §2.2: the
 * 500 page). The site routes in React Router's declarative mode (its data router, which has
 * `errorElement`, is 54 KB more of the entry: docs/decisions/performance-and-caching.md), so the
 * boundary is ours. A new location clears the error: the visitor can navigate away from a broken page.
 * @module
 */
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';

interface Props {
  /** What shows instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
}

interface InnerProps extends Props {
  resetKey: string;
}

interface State {
  error: { value: unknown } | null;
  resetKey: string;
}

class Boundary extends Component<InnerProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(value: unknown): Partial<State> {
    return { error: { value } };
  }

  static getDerivedStateFromProps(props: InnerProps, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error.value) : this.props.children;
  }
}

/**
 * Renders `children`, or `fallback(error)` once they threw while rendering, until the location changes.
 * @example
 * <RouteErrorBoundary fallback={(error) => <RouteErrorPage error={error} />}><Outlet /></RouteErrorBoundary>
 */
export function RouteErrorBoundary({ fallback, children }: Props) {
  const location = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={location.key}>
      {children}
    </Boundary>
  );
}
