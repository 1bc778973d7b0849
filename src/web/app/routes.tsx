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

const HomePage = lazy(() => import('../features/home/components/home-page'));
const EngineerApp = lazy(() => import('../features/visits/components/engineer-app'));

const backOffice = ['back_office'] as const;
const staff = ['back_office', 'contractor', 'engineer'] as const;

/** spec §2: the screens under /api (listed in src/shared, which the server and Vite also read). */
const apiScreenRoutes: Record<ApiPathWebScreen, Pick<AppRoute, 'area' | 'page'>> = {
  '/api/inbound': {
    area: 'Inbound API',
    page: lazy(() => import('../features/partner-api/components/inbound-page')),
  },
  '/api/outbound': {
    area: 'Outbound API',
    page: lazy(() => import('../features/webhooks/components/outbound-page')),
  },
  '/api/settings': {
    area: 'API settings',
    page: lazy(() => import('../features/partner-api/components/api-settings-page')),
  },
  '/api/logs': {
    area: 'API logging',
    page: lazy(() => import('./pages/api-logs-route')),
  },
};

// One line per route, so the table reads as one.
// prettier-ignore
export const routes: readonly AppRoute[] = [
  // Public routes: no authenticated shell (spec §2).
  { path: '/login', area: 'Sign in', access: 'public', page: lazy(() => import('../features/auth/components/login-page')) },
  { path: '/signup', area: 'Create an account', access: 'public', page: lazy(() => import('../features/auth/components/signup-page')) },
  { path: '/set-password', area: 'Set your password', access: 'public', page: lazy(() => import('../features/auth/components/set-password-page')) },
  { path: '/customer/:orderNumber', area: 'Customer portal', access: 'public', page: lazy(() => import('../features/customer-links/components/customer-portal-page')) },
  { path: '/customer-form/:token', area: 'Customer form', access: 'public', page: lazy(() => import('../features/customer-links/components/customer-form-page')) },
  { path: '/kit-arrived/:token', area: 'Kit arrived', access: 'public', page: lazy(() => import('../features/customer-links/components/kit-arrived-page')) },
  { path: '/terms', area: 'Terms of installation', access: 'public', page: lazy(() => import('../features/customer-links/components/terms-page')) },

  // Signed in: the welcome page (the landing page when signed out; see AppRoutes).
  { path: '/', area: 'Home', access: 'signed-in', page: HomePage },
  { path: '/home', area: 'Home', access: 'signed-in', page: HomePage },
  { path: '/app', area: 'Home', access: 'signed-in', page: HomePage },
  { path: '/customer', area: 'My orders', access: ['customer'], page: lazy(() => import('../features/customer-portal/components/customer-home-page')) },

  // Back office (spec §2 navigation).
  { path: '/back-office', area: 'Back-office dashboard', access: backOffice, page: lazy(() => import('../features/dashboard/components/back-office-dashboard-page')) },
  { path: '/orders', area: 'Orders', access: backOffice, page: lazy(() => import('../features/orders/components/orders-page')) },
  { path: '/orders/new', area: 'New order', access: backOffice, page: lazy(() => import('../features/orders/components/create-order-page')) },
  { path: '/calendar', area: 'Calendar', access: backOffice, page: lazy(() => import('../features/dispatch/components/calendar-page')) },
  { path: '/orders/:id', area: 'Order', access: backOffice, page: lazy(() => import('./pages/order-route')) },
  { path: '/customers', area: 'Customers', access: backOffice, page: lazy(() => import('../features/customers/components/customers-page')) },
  { path: '/customers/:id', area: 'Customer', access: backOffice, page: lazy(() => import('../features/customers/components/customer-detail-page')) },
  { path: '/contractors', area: 'Contractors', access: backOffice, page: lazy(() => import('../features/contractors/components/contractors-page')) },
  { path: '/contractors/:id', area: 'Contractor', access: backOffice, page: lazy(() => import('../features/contractors/components/contractor-detail-page')) },
  { path: '/back-office/contractor-management', area: 'Contractor management', access: backOffice, page: lazy(() => import('../features/contractors/components/contractor-management-page')) },
  { path: '/users', area: 'User management', access: backOffice, page: lazy(() => import('./pages/users-route')) },
  { path: '/audit', area: 'Security audit', access: backOffice, page: lazy(() => import('../features/audit/components/audit-page')) },
  { path: '/settings', area: 'General settings', access: backOffice, page: lazy(() => import('../features/settings/components/general-settings-page')) },
  { path: '/sms-settings', area: 'SMS system', access: backOffice, page: lazy(() => import('../features/messages/components/sms-settings-page')) },
  { path: '/xero-settings', area: 'Xero settings', access: backOffice, page: lazy(() => import('../features/xero/components/xero-settings-page')) },
  { path: '/admin/backup', area: 'Backup', access: backOffice, page: lazy(() => import('../features/backup/components/backup-page')) },
  { path: '/admin/inventory', area: 'Inventory', access: backOffice, page: lazy(() => import('../features/stock/components/inventory-page')) },
  { path: '/admin/stock-management', area: 'Stock management', access: backOffice, page: lazy(() => import('../features/stock/components/stock-management-page')) },
  { path: '/admin/contractor-reports', area: 'Contractor reports', access: backOffice, page: lazy(() => import('../features/reports/components/contractor-reports-page')) },
  { path: '/admin/sbpm-reports', area: 'SBPM reports', access: backOffice, page: lazy(() => import('../features/reports/components/partner-reports-page')) },
  ...apiPathWebScreens.map((path) => ({ path, access: backOffice, ...apiScreenRoutes[path] })),
  { path: '/blocked-ips', area: 'Blocked IPs', access: backOffice, page: lazy(() => import('../features/security/components/blocked-ips-page')) },

  // Contractors and engineers.
  { path: '/contractor', area: 'Contractor portal', access: 'contractor-capable', page: lazy(() => import('../features/contractor-portal/components/contractor-dashboard-page')) },
  // The contractor's own orders and reports (issue 12, decision 032).
  { path: '/contractor/orders', area: 'Contractor orders', access: ['contractor'], page: lazy(() => import('../features/orders/components/contractor-orders-page')) },
  { path: '/contractor/orders/:id', area: 'Contractor order', access: ['contractor'], page: lazy(() => import('./pages/contractor-order-route')) },
  { path: '/contractor/stock', area: 'Contractor stock', access: ['contractor'], page: lazy(() => import('../features/stock/components/contractor-stock-page')) },
  { path: '/contractor/reports', area: 'Contractor reports', access: ['contractor'], page: lazy(() => import('../features/contractor-portal/components/contractor-reports-page')) },
  // The dispatch board and the map of waiting orders (issue 12, decisions 034 and 035).
  { path: '/contractor/board', area: 'Dispatch board', access: ['contractor'], page: lazy(() => import('../features/dispatch/components/dispatch-board-page')) },
  { path: '/contractor/map', area: 'Map of waiting orders', access: ['contractor'], page: lazy(() => import('../features/dispatch/components/dispatch-map-page')) },
  // The day sheet, printed per engineer (issue 25).
  { path: '/contractor/day-sheet', area: 'Day sheet', access: ['contractor'], page: lazy(() => import('../features/dispatch/components/day-sheet-page')) },
  { path: '/contractor-management', area: 'Contractor management', access: 'contractor-capable', page: lazy(() => import('../features/contractor-engineers/components/contractor-engineers-page')) },
  { path: '/engineer', area: 'Engineer app', access: 'engineer-capable', page: EngineerApp },
  {
    path: '/engineer/visits/:visitId/:step?',
    area: 'Engineer app',
    access: 'engineer-capable',
    page: EngineerApp,
  },
  // The signed-in person's notifications and their email digest setting (issue 25).
  { path: '/notifications', area: 'Notifications', access: staff, page: lazy(() => import('../features/notifications/components/notifications-page')) },
  { path: '/installation/:orderId', area: 'Installation details', access: staff, page: lazy(() => import('../features/visits/components/installation-page')) },
  { path: '/order-summary/:orderNumber', area: 'Order summary', access: staff, page: lazy(() => import('../features/visits/components/order-summary-page')) },
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
