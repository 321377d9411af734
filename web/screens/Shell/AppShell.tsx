import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useQueryLoader, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { Outlet, useLoaderData, useRevalidator } from 'react-router-dom';
import { commitLocalUpdate, fetchQuery, type IEnvironment } from 'relay-runtime';
import styled from 'styled-components';
import { Layout } from '../../components/Layout.tsx';
import { Logo } from '../../components/Logo.tsx';
import { onSessionEnded, restartSubscriptions } from '../../relay/environment.ts';
import { ErrorBoundary } from '../../relay/ErrorBoundary.tsx';
import { preloadQuery } from '../../relay/preload.ts';
import { LoadError } from '../../relay/RouteBoundary.tsx';
import { SessionContext, type Session } from '../../session/SessionContext.ts';
import type { AppShellQuery as AppShellQueryType } from '../../__generated__/AppShellQuery.graphql.ts';
import { ShellHeader } from './ShellHeader.tsx';
import { ShellSkeleton } from './ShellSkeleton.tsx';
import { ShellTicker } from './ShellTicker.tsx';

// The frame of every page: header (viewer), live ticker strip (market figures), the routed screen.
export const AppShellQuery = graphql`
  query AppShellQuery {
    viewer {
      id
      name
      username
      isAdmin
      ...ShellHeader_viewer
    }
    marketStats {
      ...ShellTicker_marketStats
    }
  }
`;

// The support widget (its round button) is not part of the first screen: its code loads, and it
// mounts, once the browser is idle after the page's first render (docs/decisions.md "Issue 28: a
// phone's first visit").
const SupportWidget = lazy(() => import('./SupportWidget/SupportWidget.tsx').then((m) => ({ default: m.SupportWidget })));

/** Renders its children once the browser has been idle after the first render (at most 2 s later). */
function WhenIdle({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(id);
  }, []);
  return idle ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** The bare bar shown above the 'not reachable' message (the header needs the shell query). */
const PlainBar = styled.header`
  display: flex;
  align-items: center;
  height: ${({ theme }) => theme.layout.headerHeight};
  padding: 0 24px;
  background: ${({ theme }) => theme.colors.bar};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

export type AppShellLoaderData = { query: PreloadedQuery<AppShellQueryType> };

/** Root route loader: starts the shell query before anything renders. */
export function appShellLoader(): AppShellLoaderData {
  return { query: preloadQuery<AppShellQueryType>('app-shell', AppShellQuery, {}) };
}

function clearSession(environment: IEnvironment) {
  commitLocalUpdate(environment, (store) => {
    store.getRoot().setValue(null, 'viewer');
    // every cached answer may depend on who asked (complianceSummary, viewer fields, ...)
    store.invalidateStore();
  });
  restartSubscriptions();
}

// A refetch through a fetchKey bump would re-suspend the whole frame; fetching the same
// query and variables instead writes the fresh viewer to the store, and the mounted shell (and every
// screen reading the viewer) re-renders from it in place, and the caller can await it.
async function refreshSession(environment: IEnvironment) {
  commitLocalUpdate(environment, (store) => store.invalidateStore());
  restartSubscriptions();
  await fetchQuery<AppShellQueryType>(environment, AppShellQuery, {}, { fetchPolicy: 'network-only' }).toPromise();
}

// The server ended the session (logout elsewhere, a new password) and closed the socket, which
// reconnects by itself without it: forget what was cached for the user and fetch the viewer (none
// now) again. No restartSubscriptions: the socket is a new one already.
async function forgetEndedSession(environment: IEnvironment) {
  commitLocalUpdate(environment, (store) => store.invalidateStore());
  await fetchQuery<AppShellQueryType>(environment, AppShellQuery, {}, { fetchPolicy: 'network-only' }).toPromise();
}

export function AppShell() {
  const { query: initialRef } = useLoaderData() as AppShellLoaderData;
  const [queryRef, loadShell] = useQueryLoader<AppShellQueryType>(AppShellQuery, initialRef);
  const revalidator = useRevalidator();
  // the screen's query failed with the shell's: load both again (the root itself never revalidates)
  const retry = useCallback(() => {
    loadShell({}, { fetchPolicy: 'network-only' });
    void revalidator.revalidate();
  }, [loadShell, revalidator]);

  return (
    <ErrorBoundary
      resetKeys={[queryRef]}
      fallback={({ error }) => (
        <Layout
          header={
            <PlainBar>
              <Logo />
            </PlainBar>
          }
        >
          <LoadError title="DATA PIT is not reachable" error={error} onRetry={retry} />
        </Layout>
      )}
    >
      <Suspense fallback={<ShellSkeleton />}>{queryRef && <ShellFrame queryRef={queryRef} />}</Suspense>
    </ErrorBoundary>
  );
}

function ShellFrame({ queryRef }: { queryRef: PreloadedQuery<AppShellQueryType> }) {
  const data = usePreloadedQuery<AppShellQueryType>(AppShellQuery, queryRef);
  const viewer = data.viewer ?? null;
  const environment = useRelayEnvironment();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  // The route's data is loaded again too, so the page shows what a visitor sees, in place.
  useEffect(
    () =>
      onSessionEnded(() => {
        // a failed fetch (network away) still reloads the route, whose boundary offers Retry
        const reload = () => void revalidate.current();
        forgetEndedSession(environment).then(reload, reload);
      }),
    [environment],
  );

  const session = useMemo<Session>(
    () => ({
      viewer: viewer ? { id: viewer.id, name: viewer.name, username: viewer.username, isAdmin: viewer.isAdmin } : null,
      refreshSession: () => refreshSession(environment),
      clearSession: () => clearSession(environment),
    }),
    [viewer, environment],
  );

  return (
    <SessionContext.Provider value={session}>
      <Layout header={<ShellHeader viewer={viewer} />} ticker={<ShellTicker marketStats={data.marketStats} />}>
        <Outlet />
      </Layout>
      <WhenIdle>
        <SupportWidget />
      </WhenIdle>
    </SessionContext.Provider>
  );
}
