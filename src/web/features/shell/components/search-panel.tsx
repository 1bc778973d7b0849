import { LoaderCircle, Search } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'wouter';
import { searchLimits, type SearchResult } from '@shared/search/search.contracts';
import { useSearch } from '@web/api/search/search';
import { overlayClasses } from '@web/components/ui/dialog';
import { errorMessage } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

// The top bar's search dialog (issue 25, decision 079): a combobox over a listbox of results
// grouped by kind; arrows move (wrapping), Enter opens, Escape closes.

export default function SearchPanel({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 150);
  const [active, setActive] = useState(0);
  const ids = useId();
  const listId = `${ids}-results`;
  const query = useSearch(term);
  const tooShort = term.length < searchLimits.minLength;
  const groups = useMemo(
    () => (tooShort ? [] : (query.data?.groups ?? [])),
    [query.data, tooShort],
  );
  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  const activeIndex = Math.min(active, flat.length - 1);
  const optionId = (index: number) => `${ids}-option-${index}`;

  function openResult(result: SearchResult) {
    onClose();
    navigate(result.href);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (flat.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      const result = flat[activeIndex];
      if (result) {
        event.preventDefault();
        openResult(result);
      }
    }
  }

  useEffect(() => {
    if (activeIndex >= 0)
      document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  let status: string;
  if (term.length === 0)
    status = 'Search orders by number, partner reference, name, postcode, phone, email or serial.';
  else if (tooShort) status = `Type at least ${searchLimits.minLength} characters to search.`;
  else if (query.isError) status = errorMessage(query.error, 'Search failed. Try again.');
  else if (query.isFetching && !query.data) status = 'Searching…';
  else if (flat.length === 0) status = `No results for “${term}”.`;
  else status = `${flat.length} ${flat.length === 1 ? 'result' : 'results'} for “${term}”.`;

  // Where each group's options start in the one list the arrows move through.
  const starts = groups.map((_, g) =>
    groups.slice(0, g).reduce((n, prev) => n + prev.items.length, 0),
  );
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          className="fixed top-4 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg outline-none sm:top-16"
          aria-describedby={`${ids}-status`}
          data-testid="search-dialog"
        >
          <DialogPrimitive.Title className="sr-only">Search</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b border-slate-200 px-3">
            <Search aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <input
              autoFocus
              type="search"
              role="combobox"
              aria-label="Search"
              aria-expanded={flat.length > 0}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={flat.length > 0 ? optionId(activeIndex) : undefined}
              maxLength={searchLimits.maxLength}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setActive(0);
              }}
              onKeyDown={handleKeyDown}
              placeholder="Order, name, postcode, phone, email, serial…"
              className="h-12 min-w-0 flex-1 bg-transparent text-base text-slate-900 outline-none placeholder:text-slate-500"
            />
            {query.isFetching && !tooShort && (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-brand-600" />
            )}
            <DialogPrimitive.Close className="rounded border border-slate-300 px-1.5 py-0.5 text-xs text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
              Esc<span className="sr-only"> (close search)</span>
            </DialogPrimitive.Close>
          </div>
          <p
            id={`${ids}-status`}
            role="status"
            className={cn(
              'px-4 py-2 text-sm text-slate-600',
              query.isError && !tooShort && 'text-red-700',
            )}
          >
            {status}
          </p>
          <div
            id={listId}
            role="listbox"
            aria-label="Search results"
            className={cn('overflow-y-auto px-2 pb-2', flat.length === 0 && 'hidden')}
          >
            {groups.map((group, g) => (
              <div key={group.kind} role="group" aria-labelledby={`${ids}-${group.kind}`}>
                <div
                  id={`${ids}-${group.kind}`}
                  role="presentation"
                  className="px-2 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
                >
                  {group.label}
                </div>
                {group.items.map((item, i) => {
                  const mine = starts[g]! + i;
                  const selected = mine === activeIndex;
                  return (
                    <div
                      key={`${group.kind}-${item.id}`}
                      id={optionId(mine)}
                      role="option"
                      aria-selected={selected}
                      data-href={item.href}
                      onMouseMove={() => setActive(mine)}
                      onClick={() => openResult(item)}
                      className={cn(
                        'flex cursor-pointer items-start justify-between gap-3 rounded-md px-2 py-2',
                        selected ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
                      )}
                    >
                      <span className="min-w-0">
                        <span className="block font-medium break-words text-slate-900">
                          {item.title}
                        </span>
                        <span className="block text-sm break-words text-slate-600">
                          {item.subtitle}
                        </span>
                      </span>
                      <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                        {item.matched.charAt(0).toUpperCase() + item.matched.slice(1)}
                      </span>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
