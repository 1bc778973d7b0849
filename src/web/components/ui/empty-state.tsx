import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** An honest "nothing here" panel: what is missing, why, and what to do next. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
  headingLevel = 2,
}: {
  icon?: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
  /** 1 when the panel is the whole page (access refused, not found): the page's one h1. */
  headingLevel?: 1 | 2 | 3;
}) {
  const Heading = ({ 1: 'h1', 2: 'h2', 3: 'h3' } as const)[headingLevel];
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center',
        className,
      )}
    >
      {Icon && (
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100">
          <Icon aria-hidden="true" className="size-6 text-slate-500" />
        </span>
      )}
      <Heading className="text-base font-semibold text-slate-900">{title}</Heading>
      {children && <div className="max-w-md text-sm text-slate-600">{children}</div>}
      {action && <div className="mt-1">{action}</div>}
    </div>
  );
}
