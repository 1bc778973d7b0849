import { useState } from 'react';
import { Link } from 'wouter';
import { fieldFlagMessages, type FieldFlag } from '@shared/stock/field-flags.contracts';
import { useFieldFlags } from '@web/api/stock/field-flags';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format-date';
import { FieldFlagResolveDialog } from './field-flag-resolve-dialog';

/** Open flags: serials an engineer recorded that were not in their van (issue 20). */
export function FieldFlagsSection() {
  const flags = useFieldFlags({ status: 'open' });
  const [resolving, setResolving] = useState<FieldFlag | null>(null);
  const items = flags.data?.items ?? [];

  return (
    <Card>
      <CardHeader>
        <h2 id="field-flags-heading" className="text-base leading-tight font-semibold">
          Serials from the field to resolve
        </h2>
      </CardHeader>
      <CardContent>
        <section aria-labelledby="field-flags-heading">
          {flags.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : flags.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(flags.error, 'The serials from the field could not be loaded')}
            </p>
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-600">{fieldFlagMessages.empty}</p>
          ) : (
            <ul className="grid gap-2">
              {items.map((flag) => (
                <li
                  key={flag.id}
                  className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-amber-200 bg-amber-50 p-3"
                >
                  <div className="grid min-w-0 gap-1 text-sm">
                    <p className="font-medium text-slate-900">
                      <span className="font-mono">{flag.serial}</span>{' '}
                      <span className="text-slate-600">({flag.label})</span>
                    </p>
                    <p className="break-words text-slate-800">{flag.problem}</p>
                    <p className="text-slate-600">
                      Order{' '}
                      <Link href={`/orders/${flag.orderId}`} className="text-brand-700 underline">
                        {flag.orderNumber ?? 'open order'}
                      </Link>
                      {flag.engineer ? ` · ${flag.engineer}` : ''} ·{' '}
                      <time dateTime={flag.flaggedAt}>{formatDateTime(flag.flaggedAt)}</time>
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setResolving(flag)}
                    aria-label={`Resolve ${flag.serial}`}
                  >
                    Resolve
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      {resolving && (
        <FieldFlagResolveDialog
          key={resolving.id}
          flag={resolving}
          onOpenChange={(open) => !open && setResolving(null)}
        />
      )}
    </Card>
  );
}
