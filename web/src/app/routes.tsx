import { isValidElement, type ReactNode } from 'react';
import { RequireAdmin } from '../admin';
import { Layout } from '../layout/Layout';
import { lazyPage, publicPage, type PreloadablePage } from '../router/lazyPage';
import { RequireSignIn } from '../session/RequireSignIn';
import { Route, Switch } from 'wouter';
import { useLocation } from '../router/hooks';
import { matchPath } from '../router/match';
import { RouteErrorBoundary, WithOutlet } from '../router/Outlet';
import { RouteError } from '../router/RouteError';

const HomePage = publicPage(() => import('../pages/HomePage'));
const PrivacyPage = publicPage(() => import('../pages/PrivacyPage'));
const ContactUsPage = publicPage(() => import('../pages/ContactUsPage'));
const NotFoundPage = publicPage(() => import('../pages/NotFoundPage'));
const SignInPage = lazyPage(() => import('../pages/account/SignInPage'));
const RegisterPage = lazyPage(() => import('../pages/account/RegisterPage'));
const AccountConfirmedPage = lazyPage(() => import('../pages/account/AccountConfirmedPage'));
const ForgotPasswordPage = lazyPage(() => import('../pages/account/ForgotPasswordPage'));
const PasswordResetPage = lazyPage(() => import('../pages/account/PasswordResetPage'));
const EditProfilePage = lazyPage(() => import('../pages/account/EditProfilePage'));
const OpportunityPage = publicPage(() => import('../pages/catalogue/OpportunityPage'));
const ComparePage = publicPage(() => import('../pages/compare/ComparePage'));
const SellerOpportunitiesPage = publicPage(() => import('../pages/catalogue/SellerOpportunitiesPage'));
const MyOpportunitiesPage = lazyPage(() => import('../pages/catalogue/MyOpportunitiesPage'));
const MyWishListPage = lazyPage(() => import('../pages/catalogue/MyWishListPage'));
const UserActiveOpportunitiesPage = lazyPage(() => import('../pages/catalogue/UserActiveOpportunitiesPage'));
const ReportedOpportunitiesPage = lazyPage(() => import('../pages/admin/ReportedOpportunitiesPage'));
const AuditTrailPage = lazyPage(() => import('../pages/admin/AuditTrailPage'));
const ReviewQueuePage = lazyPage(() => import('../pages/admin/ReviewQueuePage'));
const ReviewItemPage = lazyPage(() => import('../pages/admin/ReviewItemPage'));
const RefundsPage = lazyPage(() => import('../pages/admin/RefundsPage'));
const OpportunityAdministrationPage = lazyPage(() => import('../pages/admin/OpportunityAdministrationPage'));
const GlobalParametersPage = lazyPage(() => import('../pages/admin/GlobalParametersPage'));
const GlobalParametersResultPage = lazyPage(() => import('../pages/admin/GlobalParametersResultPage'));
const userPurchasesPage = (name: 'default' | 'UserPurchasesThisMonth') =>
  lazyPage(() => import('../pages/admin/UserPurchasesPage').then((module) => ({ default: module[name] })));
const UserPurchasesPage = userPurchasesPage('default');
const UserPurchasesThisMonth = userPurchasesPage('UserPurchasesThisMonth');
const UserInvoicesPage = lazyPage(() => import('../pages/admin/UserInvoicesPage'));
// The dashboard and its charts are a chunk of their own, loaded on the first visit (spec 02 §2).
const DashboardPage = lazyPage(() => import('../pages/admin/DashboardPage'));
const UsersMaintenancePage = lazyPage(() => import('../pages/admin/UsersMaintenancePage'));
const AdminUserMaintenancePage = lazyPage(() => import('../pages/admin/AdminUserMaintenancePage'));
const UserOpportunitiesAdminPage = lazyPage(() => import('../pages/admin/UserOpportunitiesAdminPage'));
const ImpersonalRegisterPage = lazyPage(() => import('../pages/admin/ImpersonalRegisterPage'));
const usersAdminResultPage = (name: 'AdminUserMaintenanceResultPage' | 'ImpersonalRegistrationResultPage') =>
  lazyPage(() => import('../pages/admin/UsersAdminResultPages').then((module) => ({ default: module[name] })));
const AdminUserMaintenanceResultPage = usersAdminResultPage('AdminUserMaintenanceResultPage');
const ImpersonalRegistrationResultPage = usersAdminResultPage('ImpersonalRegistrationResultPage');
const StatusHistoryPage = lazyPage(() => import('../pages/catalogue/StatusHistoryPage'));
const alertsPage = (name: 'AlertsPage' | 'UnsubscribePage') => lazyPage(() => import('../pages/alerts').then((module) => ({ default: module[name] })));
const AlertsPage = alertsPage('AlertsPage');
const UnsubscribePage = alertsPage('UnsubscribePage');
const SearchResultsPage = publicPage(() => import('../pages/search/SearchResultsPage'));
const OpportunityRegisterPage = lazyPage(() => import('../pages/publish/OpportunityRegisterPage'));
const OpportunityUpdatePage = lazyPage(() => import('../pages/publish/OpportunityUpdatePage'));
const BuyPlanPage = lazyPage(() => import('../pages/publish/BuyPlanPage'));
const publishResultPage = (name: 'OpportunityRegisterResultPage' | 'OpportunityUpdateResultPage' | 'NoPayedOpportunityResultPage') =>
  lazyPage(() => import('../pages/publish/PublishResultPages').then((module) => ({ default: module[name] })));
const OpportunityRegisterResultPage = publishResultPage('OpportunityRegisterResultPage');
const OpportunityUpdateResultPage = publishResultPage('OpportunityUpdateResultPage');
const NoPayedOpportunityResultPage = publishResultPage('NoPayedOpportunityResultPage');
const paymentResultPage = (name: 'AdPaymentResultPage' | 'PlanPaymentResultPage') =>
  lazyPage(() => import('../pages/publish/PaymentResultPage').then((module) => ({ default: module[name] })));
const AdPaymentResultPage = paymentResultPage('AdPaymentResultPage');
const PlanPaymentResultPage = paymentResultPage('PlanPaymentResultPage');
const tipsPage = (name: 'BuyingTipsPage' | 'SellingTipsPage') =>
  publicPage(() => import('../pages/catalogue/TipsPage').then((module) => ({ default: module[name] })));
const BuyingTipsPage = tipsPage('BuyingTipsPage');
const SellingTipsPage = tipsPage('SellingTipsPage');
const resultPage = (name: 'RegistrationResultPage' | 'ForgotPasswordResultPage' | 'SetNewPasswordResultPage' | 'EditMyProfileResultPage') =>
  lazyPage(() => import('../pages/account/ResultPage').then((module) => ({ default: module[name] })));
const RegistrationResultPage = resultPage('RegistrationResultPage');
const ForgotPasswordResultPage = resultPage('ForgotPasswordResultPage');
const SetNewPasswordResultPage = resultPage('SetNewPasswordResultPage');
const EditMyProfileResultPage = resultPage('EditMyProfileResultPage');

/** The app's pages by path (spec route table); any other path is the not-found page. */
const pages: ReadonlyArray<{ path: string; element: ReactNode }> = [
  { path: '/', element: <HomePage /> },
  { path: '/privacy', element: <PrivacyPage /> },
  { path: '/contactUs', element: <ContactUsPage /> },
  { path: '/signin', element: <SignInPage /> },
  { path: '/register', element: <RegisterPage /> },
  { path: '/registrationResult', element: <RegistrationResultPage /> },
  { path: '/accountConfirmed/:link', element: <AccountConfirmedPage /> },
  { path: '/forgotPassword', element: <ForgotPasswordPage /> },
  { path: '/forgotPasswordResult', element: <ForgotPasswordResultPage /> },
  { path: '/passwordReset/:token', element: <PasswordResetPage /> },
  { path: '/setNewPasswordResult', element: <SetNewPasswordResultPage /> },
  {
    path: '/editprofile',
    element: (
      <RequireSignIn>
        <EditProfilePage />
      </RequireSignIn>
    ),
  },
  {
    path: '/editMyProfileResult',
    element: (
      <RequireSignIn>
        <EditMyProfileResultPage />
      </RequireSignIn>
    ),
  },
  { path: '/searchingOpportunities', element: <SearchResultsPage /> },
  { path: '/opportunity/:id', element: <OpportunityPage /> },
  { path: '/compare', element: <ComparePage /> },
  { path: '/sellerOpportunities/:sellerId', element: <SellerOpportunitiesPage /> },
  { path: '/sellerOpportunitiesView', element: <SellerOpportunitiesPage /> },
  { path: '/buyingUsedCardTips', element: <BuyingTipsPage /> },
  { path: '/sellingUsedCardTips', element: <SellingTipsPage /> },
  {
    path: '/myOpportunities',
    element: (
      <RequireSignIn>
        <MyOpportunitiesPage />
      </RequireSignIn>
    ),
  },
  // The spec's route is spelled myWhishList; the correct spelling opens the same page.
  {
    path: '/myWhishList',
    element: (
      <RequireSignIn>
        <MyWishListPage />
      </RequireSignIn>
    ),
  },
  {
    path: '/myWishList',
    element: (
      <RequireSignIn>
        <MyWishListPage />
      </RequireSignIn>
    ),
  },
  // Saved searches and alerts (issue 19); the unsubscribe link of a mail needs no sign-in.
  {
    path: '/alerts',
    element: (
      <RequireSignIn>
        <AlertsPage />
      </RequireSignIn>
    ),
  },
  { path: '/unsubscribe', element: <UnsubscribePage /> },
  {
    path: '/userActiveOpportunities',
    element: (
      <RequireSignIn>
        <UserActiveOpportunitiesPage />
      </RequireSignIn>
    ),
  },
  {
    path: '/opportunityStatusHistory',
    element: (
      <RequireSignIn>
        <StatusHistoryPage />
      </RequireSignIn>
    ),
  },
  // Publishing and paying: a visitor is sent to sign in and comes back to the wizard or Buy plan.
  {
    path: '/opportunityRegister',
    element: (
      <RequireSignIn>
        <OpportunityRegisterPage />
      </RequireSignIn>
    ),
  },
  {
    path: '/opportunityUpdateView',
    element: (
      <RequireSignIn>
        <OpportunityUpdatePage />
      </RequireSignIn>
    ),
  },
  {
    path: '/opportunityRegisterResultView',
    element: (
      <RequireSignIn>
        <OpportunityRegisterResultPage />
      </RequireSignIn>
    ),
  },
  {
    path: '/opportunityUpdateResultView',
    element: (
      <RequireSignIn>
        <OpportunityUpdateResultPage />
      </RequireSignIn>
    ),
  },
  {
    path: '/noPayedOpportunityResultView',
    element: (
      <RequireSignIn>
        <NoPayedOpportunityResultPage />
      </RequireSignIn>
    ),
  },
  // The provider's return: the signed response is the proof, so no session is needed to confirm it.
  { path: '/paymentResultView', element: <AdPaymentResultPage /> },
  {
    path: '/buyPlan',
    element: (
      <RequireSignIn>
        <BuyPlanPage />
      </RequireSignIn>
    ),
  },
  { path: '/buyPlanResult', element: <PlanPaymentResultPage /> },
  // Administration (spec 02 §2): a visitor signs in; anybody else but an administrator is told it is for administrators.
  {
    path: '/reportedOpportunities',
    element: (
      <RequireAdmin>
        <ReportedOpportunitiesPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/opportunityAdministration',
    element: (
      <RequireAdmin>
        <OpportunityAdministrationPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/globalParameters',
    element: (
      <RequireAdmin>
        <GlobalParametersPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/globalParametersEditResult',
    element: (
      <RequireAdmin>
        <GlobalParametersResultPage />
      </RequireAdmin>
    ),
  },
  // Reports (spec 02 §2, §3): purchases per user over a period, a user's invoices, the dashboard.
  {
    path: '/userPurchases',
    element: (
      <RequireAdmin>
        <UserPurchasesThisMonth />
      </RequireAdmin>
    ),
  },
  {
    path: '/userPurchases/:startDate/:endDate',
    element: (
      <RequireAdmin>
        <UserPurchasesPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/userInvoices/:userId',
    element: (
      <RequireAdmin>
        <UserInvoicesPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/dashboard',
    element: (
      <RequireAdmin>
        <DashboardPage />
      </RequireAdmin>
    ),
  },
  // The audit trail of staff actions (issue 14; not in the spec's route table).
  {
    path: '/auditTrail',
    element: (
      <RequireAdmin>
        <AuditTrailPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/reviewQueue',
    element: (
      <RequireAdmin>
        <ReviewQueuePage />
      </RequireAdmin>
    ),
  },
  // Refunds of cancelled payments (issue 31).
  {
    path: '/refunds',
    element: (
      <RequireAdmin>
        <RefundsPage />
      </RequireAdmin>
    ),
  },
  // One ad of the queue with its evidence, photos, price against the market and seller (issue 31).
  {
    path: '/reviewQueue/:id',
    element: (
      <RequireAdmin>
        <ReviewItemPage />
      </RequireAdmin>
    ),
  },
  // Users (spec 02 §2, §6): the impersonator maintains users and registers people too; a user's ads are the administrator's.
  {
    path: '/usersMaintenance',
    element: (
      <RequireAdmin allowImpersonator>
        <UsersMaintenancePage />
      </RequireAdmin>
    ),
  },
  {
    path: '/adminUserMaintenance',
    element: (
      <RequireAdmin allowImpersonator>
        <AdminUserMaintenancePage />
      </RequireAdmin>
    ),
  },
  {
    path: '/adminUserMaintenanceResult',
    element: (
      <RequireAdmin allowImpersonator>
        <AdminUserMaintenanceResultPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/userOpportunitiesViewAdmin',
    element: (
      <RequireAdmin>
        <UserOpportunitiesAdminPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/impersonalRegister',
    element: (
      <RequireAdmin allowImpersonator>
        <ImpersonalRegisterPage />
      </RequireAdmin>
    ),
  },
  {
    path: '/impersonalRegistrationResult',
    element: (
      <RequireAdmin allowImpersonator>
        <ImpersonalRegistrationResultPage />
      </RequireAdmin>
    ),
  },
];

/** Every path the app has a page for (the server tells an app screen from an unknown path with it). */
export const ROUTE_PATHS: readonly string[] = pages.map((page) => page.path);

/** Loads the chunk of a public page ahead of its render (the browser does it before hydrating the server's HTML). */
export async function preloadPage(pathname: string): Promise<void> {
  const element = pages.find((page) => matchPath(page.path, pathname))?.element ?? <NotFoundPage />;
  if (isValidElement(element) && typeof element.type === 'function' && 'preload' in element.type) await (element.type as PreloadablePage).preload();
}

/**
 * Every screen sits in the layout (header, page, footer). The error boundary between them catches
 * a page's load or render error, so the error shows inside the layout; moving on clears it.
 */
export function AppRoutes() {
  const { key } = useLocation();
  const page = (
    <RouteErrorBoundary resetKey={key} fallback={<RouteError />}>
      <Switch>
        {pages.map(({ path, element }) => (
          <Route key={path} path={path}>
            {element}
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
  return <WithOutlet layout={<Layout />} page={page} />;
}
