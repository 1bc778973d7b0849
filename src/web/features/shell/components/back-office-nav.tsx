import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { cn } from '@web/lib/cn';
import { adminNav, apiNav, isActive, mainNav, type NavSection } from '../lib/navigation';

const linkClasses =
  'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 outline-none transition-colors hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500';

/** spec §2: the desktop back-office navigation: main links, the API and Administration menus. */
export function BackOfficeNav() {
  const [location] = useLocation();
  return (
    <nav aria-label="Back office" className="hidden border-b border-slate-200 bg-white md:block">
      <div className="mx-auto flex max-w-7xl items-center gap-1 px-4 py-1.5 lg:px-6">
        {mainNav.items.map((item) => {
          const active = isActive(item.href, location);
          return (
            <Link
              key={item.href}
              href={item.href}
              aria-current={active ? 'page' : undefined}
              className={cn(linkClasses, active && 'bg-brand-50 text-brand-700')}
            >
              {item.label}
            </Link>
          );
        })}
        <NavMenu section={apiNav} location={location} />
        <NavMenu section={adminNav} location={location} />
      </div>
    </nav>
  );
}

function NavMenu({ section, location }: { section: NavSection; location: string }) {
  const active = section.items.some((item) => isActive(item.href, location));
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(linkClasses, active && 'bg-brand-50 text-brand-700')}>
        {section.label}
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {section.items.map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link
              href={item.href}
              aria-current={isActive(item.href, location) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
