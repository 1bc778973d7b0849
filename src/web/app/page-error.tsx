import { TriangleAlert } from 'lucide-react';
import { Button, buttonVariants } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';

/**
 * What a page that threw shows instead of itself (decision 057). The home link is a plain link
 * (a full load): after the whole app failed, nothing of it can be trusted to navigate.
 */
export function PageError({ scope, onRetry }: { scope: 'route' | 'root'; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className={cn(
        'mx-auto flex max-w-md flex-col items-center justify-center gap-4 px-4 py-10 text-center',
        scope === 'root' && 'min-h-screen',
      )}
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-amber-100">
        <TriangleAlert aria-hidden="true" className="size-7 text-amber-700" />
      </span>
      <h1 className="text-2xl font-bold text-slate-900">Something went wrong</h1>
      <p className="text-slate-600">
        {scope === 'root' ? 'Uplink' : 'This page'} stopped working because of an error on our side.
        It has been reported. Try again, or go back to the home page.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onRetry}>Try again</Button>
        <a href="/" className={buttonVariants({ variant: 'outline' })}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}
