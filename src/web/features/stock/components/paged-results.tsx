import { Download, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';

/** A filtered list's CSV: the same filters, downloaded through a plain link. */
export function CsvDownload({ href, children }: { href: string; children: ReactNode }) {
  return (
    <div>
      <Button asChild variant="outline" size="sm">
        <a href={href} download>
          <Download aria-hidden="true" className="size-4" />
          {children}
        </a>
      </Button>
    </div>
  );
}

type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * A paged list's states: loading, failed (with the server's words), empty, or the items
 * with "Show more" while the server has another page.
 */
export function PagedResults({
  query,
  count,
  loadError,
  empty,
  children,
}: {
  query: PagedQuery;
  count: number;
  loadError: string;
  empty: { icon: LucideIcon; title: string; text: string };
  children: ReactNode;
}) {
  if (query.isPending) return <Skeleton className="h-32 w-full" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {errorMessage(query.error, loadError)}
      </p>
    );
  if (count === 0)
    return (
      <EmptyState icon={empty.icon} title={empty.title} headingLevel={3}>
        {empty.text}
      </EmptyState>
    );
  return (
    <>
      {children}
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          Show more
        </Button>
      )}
    </>
  );
}
