import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/**
 * Every page's frame (decision 024): content starts at the shell's left edge, so the heading
 * sits in the same place on every page; `width` only caps how far a narrow page reaches right.
 */
export function PageLayout({
  width = 'wide',
  className,
  children,
}: {
  width?: 'wide' | 'medium' | 'narrow';
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      data-slot="page"
      className={cn(
        'grid w-full min-w-0 content-start gap-4',
        width === 'medium' && 'max-w-5xl',
        width === 'narrow' && 'max-w-3xl',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** The page's one h1 (sentence case), its line of explanation, and its page-level actions. */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900">
          {title}
        </h1>
        {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}
