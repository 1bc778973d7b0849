import { Link, useLocation } from 'wouter';
import { cn } from '@web/lib/cn';
import { contractorPaths } from '../lib/paths';

const items = [
  { href: contractorPaths.dashboard, label: 'Dashboard' },
  { href: contractorPaths.dispatchBoard, label: 'Dispatch board' },
  { href: contractorPaths.map, label: 'Map' },
  { href: contractorPaths.orders, label: 'Orders' },
  { href: contractorPaths.reports, label: 'Reports' },
  { href: contractorPaths.stock, label: 'Stock' },
  { href: contractorPaths.engineers, label: 'Engineers' },
];

/** The link of `items` that `location` is on or under (the dashboard only for itself). */
export function currentContractorPage(location: string): string | null {
  const match = items
    .filter((item) =>
      item.href === contractorPaths.dashboard
        ? location === item.href
        : location === item.href || location.startsWith(`${item.href}/`),
    )
    .at(0);
  return match?.href ?? null;
}

/**
 * The contractor portal's own pages, above each of them (the shell's menus are back office's,
 * spec §2): a contractor reaches every page from every other.
 */
export function ContractorNav() {
  const [location] = useLocation();
  const current = currentContractorPage(location);
  return (
    <nav aria-label="Contractor portal" className="mb-4">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200 pb-2">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={item.href === current ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                item.href === current && 'bg-brand-50 text-brand-800',
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
