import { Component, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { LazyNotFound } from './lazy-not-found.tsx';
import { RouteFallback } from './route-fallback.tsx';

/**
 * docs/product.md §2: any routing error shows the not-found view; moving to another path clears it. Also the
 * outermost Suspense boundary: a spinner while a page's code arrives on first load (later navigations
 * are transitions, which keep the current page until the next one is ready).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary pathname={pathname}>
      <Suspense fallback={<RouteFallback />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  /** The path rendered last: a different one clears the failure. */
  pathname: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> {
    return props.pathname === state.pathname ? {} : { pathname: props.pathname, failed: false };
  }

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <LazyNotFound /> : this.props.children;
  }
}
