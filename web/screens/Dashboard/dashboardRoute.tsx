import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { RouteBoundary } from '../../relay/RouteBoundary.tsx';
import { PageSkeleton } from '../shared/PageSkeleton.tsx';
import { analyticsLoader } from './Analytics/AnalyticsQuery.ts';
import { dashboardLoader } from './DashboardQuery.ts';
import { messagesLoader } from './Messages/MessagesQuery.ts';
import { myContractsLoader } from './MyContracts/MyContractsQuery.ts';
import { myListingsLoader } from './MyListings/MyListingsQuery.ts';
import { overviewLoader } from './Overview/OverviewQuery.ts';
import { paymentsLoader } from './Payments/PaymentsQuery.ts';
import { profileLoader } from './Profile/ProfileQuery.ts';
import { TabSkeleton } from './shared/TabSkeleton.tsx';

// /dashboard and its tabs, one nested route per side-menu item so each has a deep link
// (/dashboard/contracts, /dashboard/analytics?range=90d, ...). Each tab's code is split out and its
// query starts in its loader, in parallel with the frame's.

function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const Dashboard = screen(() => import('./Dashboard.tsx'), 'Dashboard');
const Overview = screen(() => import('./Overview/Overview.tsx'), 'Overview');
const MyContracts = screen(() => import('./MyContracts/MyContracts.tsx'), 'MyContracts');
const MyListings = screen(() => import('./MyListings/MyListings.tsx'), 'MyListings');
const Messages = screen(() => import('./Messages/Messages.tsx'), 'Messages');
const Analytics = screen(() => import('./Analytics/Analytics.tsx'), 'Analytics');
const Payments = screen(() => import('./Payments/Payments.tsx'), 'Payments');
const Profile = screen(() => import('./Profile/Profile.tsx'), 'Profile');

function tab(children: ReactNode) {
  return <RouteBoundary fallback={<TabSkeleton />}>{children}</RouteBoundary>;
}

export const dashboardRoute: RouteObject = {
  path: 'dashboard',
  loader: dashboardLoader,
  element: <RouteBoundary fallback={<PageSkeleton />}>{<Dashboard />}</RouteBoundary>,
  children: [
    { index: true, loader: overviewLoader, element: tab(<Overview />) },
    { path: 'contracts', loader: myContractsLoader, element: tab(<MyContracts />) },
    { path: 'listings', loader: myListingsLoader, element: tab(<MyListings />) },
    { path: 'messages', loader: messagesLoader, element: tab(<Messages />) },
    { path: 'analytics', loader: analyticsLoader, element: tab(<Analytics />) },
    { path: 'payments', loader: paymentsLoader, element: tab(<Payments />) },
    { path: 'profile', loader: profileLoader, element: tab(<Profile />) },
    // an unknown tab falls back to the overview
    { path: '*', element: <Navigate to="/dashboard" replace /> },
  ],
};
