import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyLoader, lazyScreen } from '../../lazyScreen.ts';
import { RouteBoundary } from '../../relay/RouteBoundary.tsx';
import { PageSkeleton } from '../shared/PageSkeleton.tsx';
import { TabSkeleton } from './shared/TabSkeleton.tsx';

// /dashboard and its tabs, one nested route per side-menu item so each has a deep link
// (/dashboard/contracts, /dashboard/analytics?range=90d, ...). Each tab's code and query module are
// split out (see lazyScreen.ts) and its query starts in its loader, in parallel with the frame's.

const Dashboard = lazyScreen(() => import('./Dashboard.tsx'), 'Dashboard');
const Overview = lazyScreen(() => import('./Overview/Overview.tsx'), 'Overview');
const MyContracts = lazyScreen(() => import('./MyContracts/MyContracts.tsx'), 'MyContracts');
const MyListings = lazyScreen(() => import('./MyListings/MyListings.tsx'), 'MyListings');
const Messages = lazyScreen(() => import('./Messages/Messages.tsx'), 'Messages');
const Analytics = lazyScreen(() => import('./Analytics/Analytics.tsx'), 'Analytics');
const Payments = lazyScreen(() => import('./Payments/Payments.tsx'), 'Payments');
const Profile = lazyScreen(() => import('./Profile/Profile.tsx'), 'Profile');
const Notifications = lazyScreen(() => import('./Notifications/Notifications.tsx'), 'Notifications');
const Developers = lazyScreen(() => import('./Developers/Developers.tsx'), 'Developers');

function tab(children: ReactNode) {
  return <RouteBoundary fallback={<TabSkeleton />}>{children}</RouteBoundary>;
}

export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  lazy: { loader: lazyLoader(Dashboard, () => import('./DashboardQuery.ts'), (m) => m.dashboardLoader) },
  element: <RouteBoundary fallback={<PageSkeleton />}>{<Dashboard.Screen />}</RouteBoundary>,
  children: [
    { index: true, lazy: { loader: lazyLoader(Overview, () => import('./Overview/OverviewQuery.ts'), (m) => m.overviewLoader) }, element: tab(<Overview.Screen />) },
    {
      path: 'contracts',
      lazy: { loader: lazyLoader(MyContracts, () => import('./MyContracts/MyContractsQuery.ts'), (m) => m.myContractsLoader) },
      element: tab(<MyContracts.Screen />),
    },
    {
      path: 'listings',
      lazy: { loader: lazyLoader(MyListings, () => import('./MyListings/MyListingsQuery.ts'), (m) => m.myListingsLoader) },
      element: tab(<MyListings.Screen />),
    },
    { path: 'messages', lazy: { loader: lazyLoader(Messages, () => import('./Messages/MessagesQuery.ts'), (m) => m.messagesLoader) }, element: tab(<Messages.Screen />) },
    {
      path: 'analytics',
      lazy: { loader: lazyLoader(Analytics, () => import('./Analytics/AnalyticsQuery.ts'), (m) => m.analyticsLoader) },
      element: tab(<Analytics.Screen />),
    },
    { path: 'payments', lazy: { loader: lazyLoader(Payments, () => import('./Payments/PaymentsQuery.ts'), (m) => m.paymentsLoader) }, element: tab(<Payments.Screen />) },
    {
      path: 'notifications',
      lazy: { loader: lazyLoader(Notifications, () => import('./Notifications/NotificationsQuery.ts'), (m) => m.notificationsLoader) },
      element: tab(<Notifications.Screen />),
    },
    {
      path: 'developers',
      lazy: { loader: lazyLoader(Developers, () => import('./Developers/DevelopersQuery.ts'), (m) => m.developersLoader) },
      element: tab(<Developers.Screen />),
    },
    { path: 'profile', lazy: { loader: lazyLoader(Profile, () => import('./Profile/ProfileQuery.ts'), (m) => m.profileLoader) }, element: tab(<Profile.Screen />) },
    // an unknown tab falls back to the overview
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
};
