import { lazy, Suspense, useCallback, useEffect } from 'react';
import { graphql, requestSubscription, useFragment, useRelayEnvironment } from 'react-relay';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Header } from '../../components/Header.tsx';
import { useSession } from '../../session/useSession.ts';
import type { ShellHeader_viewer$key } from '../../__generated__/ShellHeader_viewer.graphql.ts';
import type { ShellHeaderUnreadSubscription } from '../../__generated__/ShellHeaderUnreadSubscription.graphql.ts';
import { useLogoutMutation } from './LogoutMutation.ts';
import { HeaderIconSlot } from '../../components/HeaderIcon.tsx';

// The unread badge is live: the server pushes the viewer's count whenever it may have changed (a
// message arrives, a thread is read, in any tab). It is written to the viewer's unreadMessageCount,
// the one value every badge reads (the dashboard's menu reads its summary's copy, kept equal).
// The bell (its live count and panel) is only for signed-in people, so it loads after the header
// rather than with every page's first load (the JavaScript budget of '/'); its place is held meanwhile.
const NotificationBell = lazy(() => import('./NotificationBell/NotificationBell.tsx').then((m) => ({ default: m.NotificationBell })));

const unreadSubscription = graphql`
  subscription ShellHeaderUnreadSubscription {
    unreadCountChanged
  }
`;

export type ShellHeaderProps = {
  /** null when logged out */
  viewer: ShellHeader_viewer$key | null;
};

/** The site header fed by the viewer; search and logout. */
export function ShellHeader({ viewer: viewerKey }: ShellHeaderProps) {
  const viewer = useFragment(
    graphql`
      fragment ShellHeader_viewer on User {
        id
        unreadMessageCount
        name
        rating
        tradeCount
        profileImage
        isAdmin
        ...NotificationBell_viewer
      }
    `,
    viewerKey,
  );
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { clearSession } = useSession();
  const [commitLogout] = useLogoutMutation();
  const environment = useRelayEnvironment();
  const viewerId = viewer?.id ?? null;

  // only while logged in: the server refuses these subscriptions to anonymous sockets
  useEffect(() => {
    if (!viewerId) return;
    const subscription = requestSubscription<ShellHeaderUnreadSubscription>(environment, {
      subscription: unreadSubscription,
      variables: {},
      onError: () => {},
      updater: (store, data) => {
        const count = data?.unreadCountChanged;
        const me = store.get(viewerId);
        if (count == null || !me) return;
        me.setValue(count, 'unreadMessageCount');
        me.getLinkedRecord('dashboardSummary')?.setValue(count, 'unreadMessages');
      },
    });
    return () => subscription.dispose();
  }, [environment, viewerId]);

  // The header searches the market where the visitor browses it: on /browse it stays on /browse,
  // anywhere else it goes to the floor (docs/decisions.md "One way to browse").
  const browsing = pathname === '/browse' ? '/browse' : '/';
  const onSearch = useCallback((text: string) => navigate(`${browsing}?search=${encodeURIComponent(text)}`), [navigate, browsing]);

  // logout empties the cached user and goes to /auth/login; if logout
  // fails, the error is only logged, the user is cleared and the page still goes to /auth/login.
  const onLogout = useCallback(() => {
    const done = () => {
      clearSession();
      navigate('/auth/login', { replace: true });
    };
    commitLogout({
      variables: {},
      onCompleted: done,
      onError: (error) => {
        console.error('Logout failed', error);
        done();
      },
    });
  }, [clearSession, commitLogout, navigate]);

  return (
    <Header
      user={viewer ? { name: viewer.name, rating: viewer.rating ?? null, tradeCount: viewer.tradeCount, profileImage: viewer.profileImage ?? null, isAdmin: viewer.isAdmin } : null}
      unreadCount={viewer?.unreadMessageCount ?? 0}
      bell={
        viewer ? (
          <Suspense fallback={<HeaderIconSlot aria-hidden="true" />}>
            <NotificationBell viewer={viewer} />
          </Suspense>
        ) : null
      }
      onLogout={onLogout}
      onSearch={onSearch}
      initialSearch={pathname === '/' || pathname === '/browse' ? (searchParams.get('search') ?? '') : ''}
    />
  );
}
