import { useState, type FormEvent } from 'react';
import { useStockLocationOptions } from '@web/api/stock/location-options';
import { useApplyStockTake, useStockTakeSheet } from '@web/api/stock/stock-takes';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Skeleton } from '@web/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@web/components/ui/table';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { locationOptions } from '../lib/stock-management-labels';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** A count typed as a whole number of 0 or more; null while it is not one. */
const countOf = (text: string) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null);

/**
 * A stock take at one location: the sheet (what the ledger expects), the count per product, the
 * differences, then every adjustment in one step with one reason. Serialised products are
 * reconciled serial by serial (decision 061), so their rows show what is expected only.
 */
export function StockTakePanel() {
  const locations = useStockLocationOptions();
  const [locationId, setLocationId] = useState('');
  const sheet = useStockTakeSheet(locationId || null);
  const apply = useApplyStockTake();
  const [counted, setCounted] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const places = locationOptions(locations.data?.items);
  const rows = sheet.data?.items ?? [];
  const counts = rows.filter((row) => !row.trackedBySerial);
  const differences = counts.flatMap((row) => {
    const count = countOf(counted[row.productId] ?? '');
    return count === null || count === row.expected
      ? []
      : [{ row, difference: count - row.expected }];
  });
  const invalid = counts.filter((row) => {
    const text = counted[row.productId] ?? '';
    return text.trim() !== '' && countOf(text) === null;
  });

  const choose = (id: string) => {
    setLocationId(id);
    setCounted({});
    setDone(null);
    apply.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    if (reason.trim() === '') {
      setReasonError('Give a reason for the adjustments');
      return;
    }
    setReasonError(null);
    const entered = counts.flatMap((row) => {
      const count = countOf(counted[row.productId] ?? '');
      return count === null ? [] : [{ productId: row.productId, counted: count }];
    });
    apply.mutate(
      { locationId, reason: reason.trim(), counts: entered },
      {
        onSuccess: (batch) => {
          const n = batch.movements.length;
          setDone(
            n === 0
              ? 'The count matched: nothing to adjust.'
              : `Applied ${n} adjustment${n === 1 ? '' : 's'}.`,
          );
          setCounted({});
          setReason('');
        },
      },
    );
  };

  return (
    <div className="grid min-w-0 gap-4">
      <FormField label="Location to count" className="sm:max-w-md">
        {(field) => (
          <Select {...field} value={locationId} onChange={(e) => choose(e.target.value)}>
            <option value="">Choose a location</option>
            {places.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {done && (
        <p role="status" className="text-sm text-emerald-800">
          {done}
        </p>
      )}
      {!locationId ? null : sheet.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : sheet.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(sheet.error, 'The stock-take sheet could not be loaded.')}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing is expected at this location.</p>
      ) : (
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <div className="min-w-0 overflow-x-auto">
            <Table aria-label="Stock-take sheet">
              <TableHeader>
                <TableRow>
                  <TableHead>SKU</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead className="text-right">Expected</TableHead>
                  <TableHead>Counted</TableHead>
                  <TableHead className="text-right">Difference</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row) => {
                  const count = countOf(counted[row.productId] ?? '');
                  const bad = invalid.includes(row);
                  return (
                    <TableRow key={row.productId}>
                      <TableCell className="font-mono text-sm">{row.sku}</TableCell>
                      <TableCell>{row.name}</TableCell>
                      <TableCell className="text-right tabular-nums">{row.expected}</TableCell>
                      <TableCell>
                        {row.trackedBySerial ? (
                          <span className="text-sm text-slate-600">By serial</span>
                        ) : (
                          <>
                            <Input
                              aria-label={`Counted, ${row.sku}`}
                              inputMode="numeric"
                              className="w-24"
                              aria-invalid={bad || undefined}
                              value={counted[row.productId] ?? ''}
                              onChange={(e) =>
                                setCounted((current) => ({
                                  ...current,
                                  [row.productId]: e.target.value,
                                }))
                              }
                            />
                            {bad && (
                              <span className="mt-1 block text-xs text-red-700">
                                A whole number, 0 or more
                              </span>
                            )}
                          </>
                        )}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">
                        {count === null || row.trackedBySerial ? '—' : signed(count - row.expected)}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </div>
          <p className="text-sm text-slate-700" aria-live="polite">
            {differences.length === 0
              ? 'No differences yet: enter what you counted.'
              : `${differences.length} difference${differences.length === 1 ? '' : 's'}: ${differences
                  .map((d) => `${d.row.sku} ${signed(d.difference)}`)
                  .join(', ')}.`}
          </p>
          {rows.some((row) => row.trackedBySerial) && (
            <p className="text-sm text-slate-600">
              Products tracked by serial are reconciled serial by serial: transfer, return or write
              off each serial.
            </p>
          )}
          <FormField
            label="Reason"
            required
            error={reasonError ?? undefined}
            className="sm:max-w-xl"
          >
            {(field) => (
              <Textarea
                {...field}
                rows={2}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
          <div className="grid gap-2">
            <Button
              type="submit"
              className="justify-self-start"
              disabled={apply.isPending || differences.length === 0 || invalid.length > 0}
            >
              Apply adjustments
            </Button>
            {apply.isError && (
              <p role="alert" className="text-sm text-red-700">
                {errorMessage(apply.error, 'The adjustments could not be applied')}
              </p>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
