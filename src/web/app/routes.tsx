// spec §2: every route of the product in one table. To plug a page in, give its route a
// lazily loaded `page` (one line); until then the route shows the honest "not available yet"
// page naming its `area`. Access is checked here for the screen; the server checks the data.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteComponentProps } from 'wouter';
import type { CurrentUser } from '@shared/auth/current-user';
import { isContractorCapable, isEngineerCapable } from '@shared/role-routing';
import type { Role } from '@shared/roles';
import { apiPathWebScreens, type ApiPathWebScreen } from '@shared/web-routes';

export type RoutePage = LazyExoticComponent<ComponentType<RouteComponentProps>>;

/**
 * Who may open a route: `public` (no sign-in, no shell), `signed-in` (any role), a list of
 * roles (the user's role or one of their additional roles), or a rule of spec §6.
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | readonly Role[]
  | 'engineer-capable'
  | 'contractor-capable';

export type AppRoute = {
  /** A wouter pattern: `/customer/:orderNumber`. */
  path: string;
  /** The area's name, shown on the "not available yet" page and in the browser tab. */
  area: string;
  access: RouteAccess;
  /** The page, loaded when first opened; null until the area is built. */
  page: RoutePage | null;
};

const HomePage = lazy(() => import('../features/home/components/HomePage'));
const EngineerApp = lazy(() => import('../features/engineer/components/EngineerApp'));

const backOffice = ['back_office'] as const;
const staff = ['back_office', 'contractor', 'engineer'] as const;

/** spec §2: the screens under /api (listed in src/shared, which the server and Vite also read). */
const apiScreenRoutes: Record<ApiPathWebScreen, Pick<AppRoute, 'area' | 'page'>> = {
  '/api/inbound': {
    area: 'Inbound API',
    page: lazy(() => import('../features/partner-api/components/InboundPage')),
  },
  '/api/outbound': {
    area: 'Outbound API',
    page: lazy(() => import('../features/webhooks/components/OutboundPage')),
  },
  '/api/settings': {
    area: 'API settings',
    page: lazy(() => import('../features/partner-api/components/ApiSettingsPage')),
  },
  '/api/logs': {
    area: 'API logging',
    page: lazy(() => import('../features/partner-api/components/LogsPage')),
  },
};

// One line per route, so the table reads as one.
// prettier-ignore
export const routes: readonly AppRoute[] = [
  // Public routes: no authenticated shell (spec §2).
  { path: '/login', area: 'Sign in', access: 'public', page: lazy(() => import('../features/auth/components/LoginPage')) },
  { path: '/signup', area: 'Create an account', access: 'public', page: lazy(() => import('../features/auth/components/SignupPage')) },
  { path: '/set-password', area: 'Set your password', access: 'public', page: lazy(() => import('../features/auth/components/SetPasswordPage')) },
  { path: '/customer/:orderNumber', area: 'Customer portal', access: 'public', page: lazy(() => import('../features/customer-journey/components/CustomerPortalPage')) },
  { path: '/customer-form/:token', area: 'Customer form', access: 'public', page: lazy(() => import('../features/customer-journey/components/CustomerFormPage')) },
  { path: '/kit-arrived/:token', area: 'Kit arrived', access: 'public', page: lazy(() => import('../features/customer-journey/components/KitArrivedPage')) },

  // Signed in: the welcome page (the landing page when signed out; see AppRoutes).
  { path: '/', area: 'Home', access: 'signed-in', page: HomePage },
  { path: '/home', area: 'Home', access: 'signed-in', page: HomePage },
  { path: '/app', area: 'Home', access: 'signed-in', page: HomePage },
  { path: '/customer', area: 'My orders', access: ['customer'], page: lazy(() => import('../features/customer-home/components/CustomerHomePage')) },

  // Back office (spec §2 navigation).
  { path: '/back-office', area: 'Back-office dashboard', access: backOffice, page: lazy(() => import('../features/back-office-dashboard/components/BackOfficeDashboardPage')) },
  { path: '/orders', area: 'Orders', access: backOffice, page: lazy(() => import('../features/orders/components/OrdersPage')) },
  { path: '/orders/new', area: 'New order', access: backOffice, page: lazy(() => import('../features/orders/components/CreateOrderPage')) },
  { path: '/orders/:id', area: 'Order', access: backOffice, page: lazy(() => import('../features/orders/components/OrderDetailPage')) },
  { path: '/customers', area: 'Customers', access: backOffice, page: lazy(() => import('../features/customers/components/CustomersPage')) },
  { path: '/customers/:id', area: 'Customer', access: backOffice, page: lazy(() => import('../features/customers/components/CustomerDetailPage')) },
  { path: '/contractors', area: 'Contractors', access: backOffice, page: lazy(() => import('../features/contractors/components/ContractorsPage')) },
  { path: '/contractors/:id', area: 'Contractor', access: backOffice, page: lazy(() => import('../features/contractors/components/ContractorDetailPage')) },
  { path: '/back-office/contractor-management', area: 'Contractor management', access: backOffice, page: lazy(() => import('../features/contractors/components/ContractorManagementPage')) },
  { path: '/users', area: 'User management', access: backOffice, page: lazy(() => import('../features/users/components/UsersPage')) },
  { path: '/audit', area: 'Security audit', access: backOffice, page: null },
  { path: '/settings', area: 'General settings', access: backOffice, page: null },
  { path: '/sms-settings', area: 'SMS system', access: backOffice, page: lazy(() => import('../features/sms-settings/components/SmsSettingsPage')) },
  { path: '/xero-settings', area: 'Xero settings', access: backOffice, page: null },
  { path: '/admin/backup', area: 'Backup', access: backOffice, page: null },
  { path: '/admin/inventory', area: 'Inventory', access: backOffice, page: null },
  { path: '/admin/stock-management', area: 'Stock management', access: backOffice, page: null },
  { path: '/admin/contractor-reports', area: 'Contractor reports', access: backOffice, page: null },
  { path: '/admin/sbpm-reports', area: 'SBPM reports', access: backOffice, page: null },
  ...apiPathWebScreens.map((path) => ({ path, access: backOffice, ...apiScreenRoutes[path] })),
  { path: '/blocked-ips', area: 'Blocked IPs', access: backOffice, page: lazy(() => import('../features/partner-api/components/BlockedIpsPage')) },

  // Contractors and engineers.
  { path: '/contractor', area: 'Contractor portal', access: 'contractor-capable', page: lazy(() => import('../features/contractor-portal/components/ContractorDashboardPage')) },
  // The contractor's own orders and reports (issue 12, decision 032).
  { path: '/contractor/orders', area: 'Contractor orders', access: ['contractor'], page: lazy(() => import('../features/orders/components/ContractorOrdersPage')) },
  { path: '/contractor/orders/:id', area: 'Contractor order', access: ['contractor'], page: lazy(() => import('../features/orders/components/ContractorOrderDetailPage')) },
  { path: '/contractor/reports', area: 'Contractor reports', access: ['contractor'], page: lazy(() => import('../features/contractor-portal/components/ContractorReportsPage')) },
  // The dispatch board and the map of waiting orders (issue 12, decisions 034 and 035).
  { path: '/contractor/board', area: 'Dispatch board', access: ['contractor'], page: lazy(() => import('../features/dispatch/components/DispatchBoardPage')) },
  { path: '/contractor/map', area: 'Map of waiting orders', access: ['contractor'], page: lazy(() => import('../features/dispatch/components/DispatchMapPage')) },
  { path: '/contractor-management', area: 'Contractor management', access: 'contractor-capable', page: lazy(() => import('../features/contractor-engineers/components/ContractorEngineersPage')) },
  { path: '/engineer', area: 'Engineer app', access: 'engineer-capable', page: EngineerApp },
  {
    path: '/engineer/visits/:visitId/:step?',
    area: 'Engineer app',
    access: 'engineer-capable',
    page: EngineerApp,
  },
  { path: '/installation/:orderId', area: 'Installation details', access: staff, page: lazy(() => import('../features/installation/components/InstallationPage')) },
  { path: '/order-summary/:orderNumber', area: 'Order summary', access: staff, page: lazy(() => import('../features/installation/components/OrderSummaryPage')) },
];

/** Whether this user may open a route with this access. */
export function canOpen(access: RouteAccess, user: CurrentUser | null): boolean {
  if (access === 'public') return true;
  if (!user) return false;
  if (access === 'signed-in') return true;
  if (access === 'engineer-capable') return isEngineerCapable(user);
  if (access === 'contractor-capable') return isContractorCapable(user);
  return access.some((role) => user.role === role || user.additionalRoles.includes(role));
}
