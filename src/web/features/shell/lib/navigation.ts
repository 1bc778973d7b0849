// spec §2, "Navigation (back_office only)": the items, their order and which ones the mobile
// menu leaves out. Labels the spec does not give are ours (docs/decisions).

export type NavItem = {
  href: string;
  label: string;
  /** False for the items the mobile menu leaves out. */
  mobile: boolean;
};

export type NavSection = { id: 'main' | 'api' | 'admin'; label: string; items: readonly NavItem[] };

export const mainNav: NavSection = {
  id: 'main',
  label: 'Main',
  items: [
    { href: '/back-office', label: 'Dashboard', mobile: true },
    { href: '/orders', label: 'Orders', mobile: true },
    { href: '/users', label: 'Users', mobile: true },
    { href: '/contractors', label: 'Contractors', mobile: true },
  ],
};

export const apiNav: NavSection = {
  id: 'api',
  label: 'API',
  items: [
    { href: '/api/inbound', label: 'Inbound', mobile: true },
    { href: '/api/outbound', label: 'Outbound', mobile: true },
    { href: '/api/settings', label: 'Settings', mobile: true },
    { href: '/api/logs', label: 'Logging', mobile: false },
    { href: '/blocked-ips', label: 'Blocked IPs', mobile: false },
  ],
};

export const adminNav: NavSection = {
  id: 'admin',
  label: 'Administration',
  items: [
    { href: '/settings', label: 'General Settings', mobile: true },
    { href: '/sms-settings', label: 'SMS System', mobile: true },
    { href: '/xero-settings', label: 'Xero Settings', mobile: true },
    { href: '/audit', label: 'Security Audit', mobile: true },
    { href: '/admin/backup', label: 'Backup', mobile: true },
    { href: '/admin/inventory', label: 'Inventory', mobile: true },
    { href: '/admin/stock-management', label: 'Stock Management', mobile: false },
    { href: '/admin/contractor-reports', label: 'Contractor Reports', mobile: true },
    { href: '/admin/sbpm-reports', label: 'SBPM Reports', mobile: false },
  ],
};

export const backOfficeNav: readonly NavSection[] = [mainNav, apiNav, adminNav];

/** The mobile menu: the same sections without the items it leaves out. */
export const mobileBackOfficeNav: readonly NavSection[] = backOfficeNav.map((section) => ({
  ...section,
  items: section.items.filter((item) => item.mobile),
}));

/** Whether a nav item is the page being shown (or a page under it). */
export function isActive(href: string, location: string): boolean {
  if (href === '/back-office') return location === href;
  // The calendar is one of the Orders pages (issue 25).
  if (href === '/orders' && location === '/calendar') return true;
  return location === href || location.startsWith(`${href}/`);
}
