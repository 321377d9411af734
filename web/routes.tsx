import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useRouteError, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout.tsx';
import { LoadError, RouteBoundary } from './relay/RouteBoundary.tsx';
import { adminLoginLoader } from './screens/Admin/AdminLogin/AdminLoginQuery.ts';
import { complianceDashboardLoader } from './screens/Admin/ComplianceDashboard/ComplianceDashboardQuery.ts';
import { simpleComplianceLoader } from './screens/Admin/SimpleCompliance/SimpleComplianceQuery.ts';
import { dashboardRoute } from './screens/Dashboard/dashboardRoute.tsx';
import { ContractDetailSkeleton } from './screens/Market/ContractDetail/ContractDetailSkeleton.tsx';
import { contractDetailLoader } from './screens/Market/ContractDetail/ContractDetailQuery.ts';
import { browseLoader, browseShouldRevalidate } from './screens/Market/Browse/BrowseQuery.ts';
import { landingLoader } from './screens/Market/Landing/LandingQuery.ts';
import { tradingFloorLoader, tradingFloorShouldRevalidate } from './screens/Market/TradingFloor/TradingFloorQuery.ts';
import { AppShell, appShellLoader } from './screens/Shell/AppShell.tsx';
import { ShellSkeleton } from './screens/Shell/ShellSkeleton.tsx';
import { PageSkeleton } from './screens/shared/PageSkeleton.tsx';
import { dueDiligenceLoader } from './screens/Provider/DueDiligence/DueDiligenceQuery.ts';
import { listDataLoader, listDataShouldRevalidate } from './screens/Provider/ListData/ListDataQuery.ts';
import { debugLoader } from './screens/System/Debug/DebugQuery.ts';
import { paymentLoader } from './screens/Commerce/Payment/PaymentQuery.ts';
import { paymentSuccessLoader } from './screens/Commerce/PaymentSuccess/PaymentSuccessQuery.ts';
import { myDataLoader } from './screens/Commerce/MyData/MyDataQuery.ts';
import { earningsLoader } from './screens/Admin/Earnings/EarningsQuery.ts';
import { tradingDeskLoader } from './screens/Trading/TradingDesk/TradingDeskQuery.ts';
import { messagingCenterLoader } from './screens/Messaging/MessagingCenter/MessagingCenterQuery.ts';
import { adminSupportLoader } from './screens/Admin/AdminSupport/AdminSupportQuery.ts';

// Route table. Each screen's code is split out (React.lazy) while its query starts in the route
// loader, so code and data load in parallel (data loads at the route).

function screen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const Landing = screen(() => import('./screens/Market/Landing/Landing.tsx'), 'Landing');
const ContractDetail = screen(() => import('./screens/Market/ContractDetail/ContractDetail.tsx'), 'ContractDetail');
const TradingFloor = screen(() => import('./screens/Market/TradingFloor/TradingFloor.tsx'), 'TradingFloor');
const Browse = screen(() => import('./screens/Market/Browse/Browse.tsx'), 'Browse');
const Login = screen(() => import('./screens/Auth/Login/Login.tsx'), 'Login');
const Register = screen(() => import('./screens/Auth/Register/Register.tsx'), 'Register');
const VerifyEmail = screen(() => import('./screens/Auth/VerifyEmail/VerifyEmail.tsx'), 'VerifyEmail');
const AdminLogin = screen(() => import('./screens/Admin/AdminLogin/AdminLogin.tsx'), 'AdminLogin');
const ComplianceDashboard = screen(() => import('./screens/Admin/ComplianceDashboard/ComplianceDashboard.tsx'), 'ComplianceDashboard');
const SimpleCompliance = screen(() => import('./screens/Admin/SimpleCompliance/SimpleCompliance.tsx'), 'SimpleCompliance');
const DueDiligence = screen(() => import('./screens/Provider/DueDiligence/DueDiligence.tsx'), 'DueDiligence');
const ListData = screen(() => import('./screens/Provider/ListData/ListData.tsx'), 'ListData');
const Payment = screen(() => import('./screens/Commerce/Payment/Payment.tsx'), 'Payment');
const PaymentSuccess = screen(() => import('./screens/Commerce/PaymentSuccess/PaymentSuccess.tsx'), 'PaymentSuccess');
const MyData = screen(() => import('./screens/Commerce/MyData/MyData.tsx'), 'MyData');
const Earnings = screen(() => import('./screens/Admin/Earnings/Earnings.tsx'), 'Earnings');
const TradingDesk = screen(() => import('./screens/Trading/TradingDesk/TradingDesk.tsx'), 'TradingDesk');
const MessagingCenter = screen(() => import('./screens/Messaging/MessagingCenter/MessagingCenter.tsx'), 'MessagingCenter');
const AdminSupport = screen(() => import('./screens/Admin/AdminSupport/AdminSupport.tsx'), 'AdminSupport');
const Debug = screen(() => import('./screens/System/Debug/Debug.tsx'), 'Debug');
const NotFound = screen(() => import('./screens/System/NotFound/NotFound.tsx'), 'NotFound');

function boundary(children: ReactNode, fallback: 'page' | 'form' = 'page') {
  return <RouteBoundary fallback={<PageSkeleton variant={fallback} />}>{children}</RouteBoundary>;
}

/** Last resort for anything a screen's own boundary did not catch (e.g. a loader that threw). */
function RootError() {
  const error = useRouteError();
  return (
    <Layout header={null}>
      <LoadError
        title="Something went wrong"
        error={error instanceof Error ? error : new Error(String((error as { statusText?: string })?.statusText ?? error))}
        onRetry={() => window.location.reload()}
      />
    </Layout>
  );
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    loader: appShellLoader,
    // the shell refreshes its viewer itself (session refresh, Retry); navigation never reloads it
    shouldRevalidate: () => false,
    element: <AppShell />,
    hydrateFallbackElement: <ShellSkeleton />,
    errorElement: <RootError />,
    children: [
      { index: true, loader: tradingFloorLoader, shouldRevalidate: tradingFloorShouldRevalidate, element: boundary(<TradingFloor />) },
      { path: 'landing', loader: landingLoader, element: boundary(<Landing />) },
      { path: 'browse', loader: browseLoader, shouldRevalidate: browseShouldRevalidate, element: boundary(<Browse />) },
      { path: 'contract/:id', loader: contractDetailLoader, element: <RouteBoundary fallback={<ContractDetailSkeleton />}><ContractDetail /></RouteBoundary> },
      { path: 'auth/login', element: boundary(<Login />, 'form') },
      { path: 'auth/register', element: boundary(<Register />, 'form') },
      { path: 'auth/verify-email', element: boundary(<VerifyEmail />, 'form') },
      { path: 'email-verification', element: boundary(<VerifyEmail />, 'form') },
      { path: 'admin-login', loader: adminLoginLoader, element: boundary(<AdminLogin />, 'form') },
      { path: 'list-data', loader: listDataLoader, shouldRevalidate: listDataShouldRevalidate, element: boundary(<ListData />) },
      { path: 'due-diligence', loader: dueDiligenceLoader, element: boundary(<DueDiligence />) },
      { path: 'compliance-dashboard', loader: complianceDashboardLoader, element: boundary(<ComplianceDashboard />) },
      { path: 'simple-compliance', loader: simpleComplianceLoader, element: boundary(<SimpleCompliance />) },
      { path: 'payment/:contractId', loader: paymentLoader, element: boundary(<Payment />) },
      { path: 'payment-success/:contractId', loader: paymentSuccessLoader, element: boundary(<PaymentSuccess />) },
      { path: 'my-data', loader: myDataLoader, element: boundary(<MyData />) },
      { path: 'earnings', loader: earningsLoader, element: boundary(<Earnings />) },
      { path: 'trading', loader: tradingDeskLoader, element: boundary(<TradingDesk />) },
      { path: 'messaging', loader: messagingCenterLoader, element: boundary(<MessagingCenter />) },
      { path: 'admin-support', loader: adminSupportLoader, element: boundary(<AdminSupport />) },
      // /dashboard and its tabs (/dashboard/contracts, /listings, /messages, /analytics, /payments, /profile)
      dashboardRoute,
      // The header's user menu links to /profile: the dashboard's Profile tab.
      { path: 'profile', element: <Navigate to="/dashboard/profile" replace /> },
      { path: 'debug', loader: debugLoader, element: boundary(<Debug />) },
      { path: '*', element: boundary(<NotFound />) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
