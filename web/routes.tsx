import type { ReactNode } from 'react';
import { createBrowserRouter, Navigate, useParams, useRouteError, type RouteObject } from 'react-router-dom';
import { Layout } from './components/Layout.tsx';
import { lazyLoader, lazyScreen } from './lazyScreen.ts';
import { LoadError, RouteBoundary } from './relay/RouteBoundary.tsx';
import { dashboardRoute } from './screens/Dashboard/dashboardRoute.tsx';
import { ContractDetailSkeleton } from './screens/Market/ContractDetail/ContractDetailSkeleton.tsx';
import { tradingFloorLoader, tradingFloorShouldRevalidate } from './screens/Market/TradingFloor/TradingFloorQuery.ts';
import { AppShell, appShellLoader } from './screens/Shell/AppShell.tsx';
import { ShellSkeleton } from './screens/Shell/ShellSkeleton.tsx';
import { PageSkeleton } from './screens/shared/PageSkeleton.tsx';

// Route table. Each screen's code is split out, and so is the module of its route query (see
// lazyScreen.ts): the main bundle carries the shell and the floor's loader only, since '/' is the
// page most visits start on (docs/performance.md, "Web delivery").

const TradingFloor = lazyScreen(() => import('./screens/Market/TradingFloor/TradingFloor.tsx'), 'TradingFloor');
const Landing = lazyScreen(() => import('./screens/Market/Landing/Landing.tsx'), 'Landing');
const ContractDetail = lazyScreen(() => import('./screens/Market/ContractDetail/ContractDetail.tsx'), 'ContractDetail');
const ProviderProfile = lazyScreen(() => import('./screens/Market/ProviderProfile/ProviderProfile.tsx'), 'ProviderProfile');
const Browse = lazyScreen(() => import('./screens/Market/Browse/Browse.tsx'), 'Browse');
const Login = lazyScreen(() => import('./screens/Auth/Login/Login.tsx'), 'Login');
const Register = lazyScreen(() => import('./screens/Auth/Register/Register.tsx'), 'Register');
const VerifyEmail = lazyScreen(() => import('./screens/Auth/VerifyEmail/VerifyEmail.tsx'), 'VerifyEmail');
const ForgotPassword = lazyScreen(() => import('./screens/Auth/ForgotPassword/ForgotPassword.tsx'), 'ForgotPassword');
const ResetPassword = lazyScreen(() => import('./screens/Auth/ResetPassword/ResetPassword.tsx'), 'ResetPassword');
const ConfirmEmailChange = lazyScreen(() => import('./screens/Auth/ConfirmEmailChange/ConfirmEmailChange.tsx'), 'ConfirmEmailChange');
const Unsubscribe = lazyScreen(() => import('./screens/Auth/Unsubscribe/Unsubscribe.tsx'), 'Unsubscribe');
const AdminLogin = lazyScreen(() => import('./screens/Admin/AdminLogin/AdminLogin.tsx'), 'AdminLogin');
const ComplianceDashboard = lazyScreen(() => import('./screens/Admin/ComplianceDashboard/ComplianceDashboard.tsx'), 'ComplianceDashboard');
const SimpleCompliance = lazyScreen(() => import('./screens/Admin/SimpleCompliance/SimpleCompliance.tsx'), 'SimpleCompliance');
const DueDiligence = lazyScreen(() => import('./screens/Provider/DueDiligence/DueDiligence.tsx'), 'DueDiligence');
const ListData = lazyScreen(() => import('./screens/Provider/ListData/ListData.tsx'), 'ListData');
const Payment = lazyScreen(() => import('./screens/Commerce/Payment/Payment.tsx'), 'Payment');
const PaymentSuccess = lazyScreen(() => import('./screens/Commerce/PaymentSuccess/PaymentSuccess.tsx'), 'PaymentSuccess');
const MyData = lazyScreen(() => import('./screens/Commerce/MyData/MyData.tsx'), 'MyData');
const Earnings = lazyScreen(() => import('./screens/Admin/Earnings/Earnings.tsx'), 'Earnings');
const TradingDesk = lazyScreen(() => import('./screens/Trading/TradingDesk/TradingDesk.tsx'), 'TradingDesk');
const MessagingCenter = lazyScreen(() => import('./screens/Messaging/MessagingCenter/MessagingCenter.tsx'), 'MessagingCenter');
const AdminSupport = lazyScreen(() => import('./screens/Admin/AdminSupport/AdminSupport.tsx'), 'AdminSupport');
const Debug = lazyScreen(() => import('./screens/System/Debug/Debug.tsx'), 'Debug');
const NotFound = lazyScreen(() => import('./screens/System/NotFound/NotFound.tsx'), 'NotFound');

// The route query modules, each imported by its route's lazy loader (and shouldRevalidate).
const landingQuery = () => import('./screens/Market/Landing/LandingQuery.ts');
const browseQuery = () => import('./screens/Market/Browse/BrowseQuery.ts');
const contractDetailQuery = () => import('./screens/Market/ContractDetail/ContractDetailQuery.ts');
const providerProfileQuery = () => import('./screens/Market/ProviderProfile/ProviderProfileQuery.ts');
const adminLoginQuery = () => import('./screens/Admin/AdminLogin/AdminLoginQuery.ts');
const listDataQuery = () => import('./screens/Provider/ListData/ListDataQuery.ts');
const dueDiligenceQuery = () => import('./screens/Provider/DueDiligence/DueDiligenceQuery.ts');
const complianceDashboardQuery = () => import('./screens/Admin/ComplianceDashboard/ComplianceDashboardQuery.ts');
const simpleComplianceQuery = () => import('./screens/Admin/SimpleCompliance/SimpleComplianceQuery.ts');
const paymentQuery = () => import('./screens/Commerce/Payment/PaymentQuery.ts');
const paymentSuccessQuery = () => import('./screens/Commerce/PaymentSuccess/PaymentSuccessQuery.ts');
const myDataQuery = () => import('./screens/Commerce/MyData/MyDataQuery.ts');
const earningsQuery = () => import('./screens/Admin/Earnings/EarningsQuery.ts');
const tradingDeskQuery = () => import('./screens/Trading/TradingDesk/TradingDeskQuery.ts');
const messagingCenterQuery = () => import('./screens/Messaging/MessagingCenter/MessagingCenterQuery.ts');
const adminSupportQuery = () => import('./screens/Admin/AdminSupport/AdminSupportQuery.ts');
const debugQuery = () => import('./screens/System/Debug/DebugQuery.ts');

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

/** /contracts/<id>, the path notifications and their mails link to (as the REST paths name contracts), is the contract page. */
function ContractAlias() {
  const { id = '' } = useParams();
  return <Navigate to={`/contract/${encodeURIComponent(id)}`} replace />;
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
      {
        index: true,
        loader: (args) => {
          // '/' is where most visits start: its query module is in the main bundle, the screen's code is not
          TradingFloor.load().catch(() => undefined);
          return tradingFloorLoader(args);
        },
        shouldRevalidate: tradingFloorShouldRevalidate,
        element: boundary(<TradingFloor.Screen />),
      },
      { path: 'landing', lazy: { loader: lazyLoader(Landing, landingQuery, (m) => m.landingLoader) }, element: boundary(<Landing.Screen />) },
      {
        path: 'browse',
        lazy: {
          loader: lazyLoader(Browse, browseQuery, (m) => m.browseLoader),
          shouldRevalidate: () => browseQuery().then((m) => m.browseShouldRevalidate),
        },
        element: boundary(<Browse.Screen />),
      },
      {
        path: 'contract/:id',
        lazy: { loader: lazyLoader(ContractDetail, contractDetailQuery, (m) => m.contractDetailLoader) },
        element: (
          <RouteBoundary fallback={<ContractDetailSkeleton />}>
            <ContractDetail.Screen />
          </RouteBoundary>
        ),
      },
      { path: 'contracts/:id', element: <ContractAlias /> },
      // a provider's public profile (docs/decisions.md "Issue 28: the provider's public profile")
      {
        path: 'provider/:username',
        lazy: { loader: lazyLoader(ProviderProfile, providerProfileQuery, (m) => m.providerProfileLoader) },
        element: boundary(<ProviderProfile.Screen />),
      },
      { path: 'auth/login', element: boundary(<Login.Screen />, 'form') },
      { path: 'auth/register', element: boundary(<Register.Screen />, 'form') },
      { path: 'auth/verify-email', element: boundary(<VerifyEmail.Screen />, 'form') },
      { path: 'auth/forgot-password', element: boundary(<ForgotPassword.Screen />, 'form') },
      { path: 'auth/reset-password', element: boundary(<ResetPassword.Screen />, 'form') },
      { path: 'auth/confirm-email-change', element: boundary(<ConfirmEmailChange.Screen />, 'form') },
      // the link at the foot of a notification mail
      { path: 'notifications/unsubscribe', element: boundary(<Unsubscribe.Screen />, 'form') },
      { path: 'email-verification', element: boundary(<VerifyEmail.Screen />, 'form') },
      { path: 'admin-login', lazy: { loader: lazyLoader(AdminLogin, adminLoginQuery, (m) => m.adminLoginLoader) }, element: boundary(<AdminLogin.Screen />, 'form') },
      {
        path: 'list-data',
        lazy: {
          loader: lazyLoader(ListData, listDataQuery, (m) => m.listDataLoader),
          shouldRevalidate: () => listDataQuery().then((m) => m.listDataShouldRevalidate),
        },
        element: boundary(<ListData.Screen />),
      },
      { path: 'due-diligence', lazy: { loader: lazyLoader(DueDiligence, dueDiligenceQuery, (m) => m.dueDiligenceLoader) }, element: boundary(<DueDiligence.Screen />) },
      {
        path: 'compliance-dashboard',
        lazy: { loader: lazyLoader(ComplianceDashboard, complianceDashboardQuery, (m) => m.complianceDashboardLoader) },
        element: boundary(<ComplianceDashboard.Screen />),
      },
      {
        path: 'simple-compliance',
        lazy: { loader: lazyLoader(SimpleCompliance, simpleComplianceQuery, (m) => m.simpleComplianceLoader) },
        element: boundary(<SimpleCompliance.Screen />),
      },
      { path: 'payment/:contractId', lazy: { loader: lazyLoader(Payment, paymentQuery, (m) => m.paymentLoader) }, element: boundary(<Payment.Screen />) },
      {
        path: 'payment-success/:contractId',
        lazy: { loader: lazyLoader(PaymentSuccess, paymentSuccessQuery, (m) => m.paymentSuccessLoader) },
        element: boundary(<PaymentSuccess.Screen />),
      },
      { path: 'my-data', lazy: { loader: lazyLoader(MyData, myDataQuery, (m) => m.myDataLoader) }, element: boundary(<MyData.Screen />) },
      { path: 'earnings', lazy: { loader: lazyLoader(Earnings, earningsQuery, (m) => m.earningsLoader) }, element: boundary(<Earnings.Screen />) },
      { path: 'trading', lazy: { loader: lazyLoader(TradingDesk, tradingDeskQuery, (m) => m.tradingDeskLoader) }, element: boundary(<TradingDesk.Screen />) },
      {
        path: 'messaging',
        lazy: { loader: lazyLoader(MessagingCenter, messagingCenterQuery, (m) => m.messagingCenterLoader) },
        element: boundary(<MessagingCenter.Screen />),
      },
      { path: 'admin-support', lazy: { loader: lazyLoader(AdminSupport, adminSupportQuery, (m) => m.adminSupportLoader) }, element: boundary(<AdminSupport.Screen />) },
      // /dashboard and its tabs (/dashboard/contracts, /listings, /messages, /analytics, /payments, /notifications, /profile)
      dashboardRoute,
      // The header's user menu links to /profile: the dashboard's Profile tab.
      { path: 'profile', element: <Navigate to="/dashboard/profile" replace /> },
      { path: 'debug', lazy: { loader: lazyLoader(Debug, debugQuery, (m) => m.debugLoader) }, element: boundary(<Debug.Screen />) },
      { path: '*', element: boundary(<NotFound.Screen />) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
