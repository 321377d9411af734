import { Suspense, type ReactNode } from 'react';
import { useLoaderData, useLocation, useRevalidator } from 'react-router-dom';
import { Button } from '../components/Button.tsx';
import { EmptyState } from '../components/EmptyState.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';

export type LoadErrorProps = {
  error: Error;
  onRetry: () => void;
  retrying?: boolean;
  title?: ReactNode;
};

/** The page-level 'could not load' block with a Retry button. */
export function LoadError({ error, onRetry, retrying = false, title = 'Could not load this page' }: LoadErrorProps) {
  return (
    <div role="alert">
      <EmptyState
        icon="alert"
        title={title}
        description={error.message || 'Something went wrong.'}
        action={
          <Button variant="primary" onClick={onRetry} busy={retrying}>
            Retry
          </Button>
        }
      />
    </div>
  );
}

export type RouteBoundaryProps = {
  children: ReactNode;
  /** shown while the screen's code or data loads */
  fallback: ReactNode;
};

/**
 * Suspense + error boundary around a route's screen. Retry loads the route again (its loader makes
 * a fresh query reference, which clears the error); a screen without a loader just renders again.
 */
export function RouteBoundary({ children, fallback }: RouteBoundaryProps) {
  const loaderData = useLoaderData();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const hasLoader = loaderData !== undefined;

  return (
    <ErrorBoundary
      resetKeys={[pathname, loaderData]}
      fallback={({ error, retry }) => (
        <LoadError
          error={error}
          retrying={revalidator.state === 'loading'}
          onRetry={() => (hasLoader ? void revalidator.revalidate() : retry())}
        />
      )}
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
