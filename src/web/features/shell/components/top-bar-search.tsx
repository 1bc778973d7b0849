import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { CurrentUser } from '@shared/auth/current-user';
import { combinedRoles } from '@shared/role-routing';
import { Button } from '@web/components/ui/button';

// The panel loads when first opened: the shell every page waits for stays small.
const SearchPanel = lazy(() => import('./search-panel'));

// Search from the top bar (issue 25, decision 079): `/` or Ctrl+K (⌘K) opens it, a combobox
// over a listbox of results grouped by kind; arrows move, Enter opens, Escape closes.

/** Whether a key press is someone typing into a field (where `/` is just a character). */
function typingInField(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const staffRoles = new Set(['back_office', 'contractor', 'engineer']);

export function TopBarSearch({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const canSearch = combinedRoles(user).some((role) => staffRoles.has(role));

  useEffect(() => {
    if (!canSearch) return;
    function handleKeyDown(event: globalThis.KeyboardEvent) {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (!ctrlK && !slash) return;
      if (typingInField(event.target)) return;
      event.preventDefault();
      setOpen(true);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [canSearch]);

  if (!canSearch) return null;
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="h-9 gap-2 text-slate-600 print:hidden"
        aria-keyshortcuts="/ Control+K"
        data-testid="top-bar-search"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Search aria-hidden="true" />
        <span className="sr-only md:not-sr-only">Search</span>
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-slate-300 px-1 font-sans text-[11px] text-slate-500 lg:inline"
        >
          /
        </kbd>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SearchPanel onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
