import { useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../lib/cn';

const wideQuery = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(wideQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True from Tailwind's `md` width up; true where media queries are unknown (tests). */
export function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(wideQuery).matches : true),
    () => true,
  );
}

/**
 * Decision 024's one list pattern: a card per item on a phone (every field and action in view,
 * nothing behind a sideways scroll), the table from `md` up. The orders list is the model.
 */
export function ResponsiveList({
  label,
  cards,
  table,
}: {
  label: string;
  cards: ReactNode;
  table: ReactNode;
}) {
  // One of the two is rendered, never both, so each action exists once on the page.
  return useWide() ? (
    <>{table}</>
  ) : (
    // minmax(0, 1fr): a long unbroken line (an email address) is cut inside its card instead of
    // widening the list past the screen.
    <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label={label}>
      {cards}
    </ul>
  );
}

/** One item of a ResponsiveList on a phone. */
export function ListCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <li
      className={cn(
        'grid grid-cols-[minmax(0,1fr)] gap-1 rounded-lg border border-slate-200 bg-white p-3',
        className,
      )}
    >
      {children}
    </li>
  );
}

/**
 * An email address on one line: cut with an ellipsis when it does not fit, the full address
 * on hover (title) and on focus (a mailto link reads its whole address).
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  return (
    <a
      href={`mailto:${email}`}
      title={email}
      className={cn(
        'block max-w-full truncate py-1 text-xs text-slate-500 hover:underline focus-visible:overflow-visible focus-visible:whitespace-normal focus-visible:break-all',
        className,
      )}
    >
      {email}
    </a>
  );
}
