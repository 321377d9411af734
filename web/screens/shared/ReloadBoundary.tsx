import type { ReactNode } from 'react';
import { usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { GraphQLTaggedNode, OperationType } from 'relay-runtime';
import { ErrorBoundary } from '../../relay/ErrorBoundary.tsx';
import { LoadError } from '../../relay/RouteBoundary.tsx';

export type ReloadBoundaryProps = {
  /** the query reference (or references) drawn below: a fresh one clears the error */
  resetKeys: readonly unknown[];
  /** the error's heading, e.g. 'Failed to load the payment' */
  title: string;
  /** done before the route loads again (e.g. forget what made it fail) */
  beforeRetry?: () => void;
  children: ReactNode;
};

/**
 * An error boundary inside a route whose Retry runs the route's loader again: a failed preloaded
 * query gets a fresh reference, which clears the error (the whole-route boundary does the same for
 * a screen that fails before it draws anything).
 */
export function ReloadBoundary({ resetKeys, title, beforeRetry, children }: ReloadBoundaryProps) {
  const revalidator = useRevalidator();
  return (
    <ErrorBoundary
      resetKeys={resetKeys}
      fallback={({ error }) => (
        <LoadError
          title={title}
          error={error}
          retrying={revalidator.state === 'loading'}
          onRetry={() => {
            beforeRetry?.();
            void revalidator.revalidate();
          }}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/** The route's preloaded query (its loader's `query`) and the loader's other values. */
export function useRouteQuery<TQuery extends OperationType, TLoader extends { query: PreloadedQuery<TQuery> }>(node: GraphQLTaggedNode) {
  const loader = useLoaderData() as TLoader;
  const data = usePreloadedQuery<TQuery>(node, loader.query);
  return { ...loader, data };
}

/** A ReloadBoundary around a route screen whose loader preloads one `query`. */
export function RouteQueryBoundary({ title, children }: { title: string; children: ReactNode }) {
  const { query } = useLoaderData() as { query: unknown };
  return (
    <ReloadBoundary resetKeys={[query]} title={title}>
      {children}
    </ReloadBoundary>
  );
}
