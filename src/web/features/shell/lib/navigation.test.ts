import { describe, expect, it } from 'vitest';
import {
  adminNav,
  apiNav,
  backOfficeNav,
  isActive,
  mainNav,
  mobileBackOfficeNav,
} from './navigation';

const hrefs = (items: readonly { href: string }[]) => items.map((item) => item.href);

describe('back-office navigation (spec §2)', () => {
  it('lists the main links, the API menu and the Administration menu in the spec order', () => {
    expect(hrefs(mainNav.items)).toEqual(['/back-office', '/orders', '/users', '/contractors']);
    expect(mainNav.items[0]?.label).toBe('Dashboard');
    expect(apiNav.items.map((item) => [item.href, item.label])).toEqual([
      ['/api/inbound', 'Inbound'],
      ['/api/outbound', 'Outbound'],
      ['/api/settings', 'Settings'],
      ['/api/logs', 'Logging'],
      ['/blocked-ips', 'Blocked IPs'],
    ]);
    expect(hrefs(adminNav.items)).toEqual([
      '/settings',
      '/sms-settings',
      '/xero-settings',
      '/audit',
      '/admin/backup',
      '/admin/inventory',
      '/admin/stock-management',
      '/admin/contractor-reports',
      '/admin/sbpm-reports',
    ]);
    expect(adminNav.items.slice(1, 4).map((item) => item.label)).toEqual([
      'SMS System',
      'Xero Settings',
      'Security Audit',
    ]);
  });

  it('leaves Logging, Blocked IPs, Stock Management and SBPM Reports out of the mobile menu', () => {
    const all = backOfficeNav.flatMap((section) => section.items.map((item) => item.label));
    const mobile = mobileBackOfficeNav.flatMap((section) =>
      section.items.map((item) => item.label),
    );
    expect(all.filter((label) => !mobile.includes(label))).toEqual([
      'Logging',
      'Blocked IPs',
      'Stock Management',
      'SBPM Reports',
    ]);
  });

  it('marks the current page', () => {
    expect(isActive('/back-office', '/back-office')).toBe(true);
    expect(isActive('/back-office', '/back-office/contractor-management')).toBe(false);
    expect(isActive('/orders', '/orders/UPL-1')).toBe(true);
    expect(isActive('/orders', '/ordersx')).toBe(false);
  });
});
