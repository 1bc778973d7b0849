import { Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { transferBody, type TransferBody } from '@shared/stock/stock.contracts';
import { useStockLocationOptions } from '@web/api/stock/location-options';
import { useStockProductOptions } from '@web/api/stock/product-options';
import { useTransferStock } from '@web/api/stock/transfers';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { locationOptions, productOptions } from '../lib/stock-management-labels';
import { splitSerials } from '../lib/split-serials';

type Line = { key: number; productId: string; quantity: string; serials: string };
type Errors = Record<string, string>;

let nextKey = 0;
const emptyLine = (): Line => ({ key: ++nextKey, productId: '', quantity: '', serials: '' });

/** The first message of each field the schema refuses, by its path ("lines.0.quantity"). */
function fieldErrors(body: unknown): Errors | null {
  const parsed = transferBody.safeParse(body);
  if (parsed.success) return null;
  const errors: Errors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A transfer of several lines at once (a quantity of a counted product, the serials of a
 * serialised one) from one location to another. The server's refusal, which names the product,
 * the place and what is there, is shown as it comes.
 */
export function TransferForm() {
  const locations = useStockLocationOptions();
  const products = useStockProductOptions();
  const transfer = useTransferStock();
  const [fromId, setFromId] = useState('');
  const [toId, setToId] = useState('');
  const [reason, setReason] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [emptyLine()]);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string | null>(null);
  const places = locationOptions(locations.data?.items);
  const productList = products.data?.items ?? [];
  const serialised = (productId: string) =>
    productList.find((p) => p.id === productId)?.trackedBySerial ?? false;
  const update = (key: number, patch: Partial<Line>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    transfer.reset();
    const body: TransferBody = {
      fromLocationId: fromId,
      toLocationId: toId,
      reason: reason.trim() || undefined,
      lines: lines.map((line) =>
        serialised(line.productId)
          ? {
              productId: line.productId,
              serials: splitSerials(line.serials).length ? splitSerials(line.serials) : undefined,
            }
          : {
              productId: line.productId,
              quantity: line.quantity.trim() === '' ? undefined : Number(line.quantity),
            },
      ),
    };
    const found = fieldErrors(body);
    if (found) {
      if (fromId && fromId === toId) found.toLocationId ??= 'Choose two different locations';
      setErrors(found);
      return;
    }
    setErrors({});
    transfer.mutate(body, {
      onSuccess: (batch) => {
        const from = places.find((p) => p.value === fromId)?.label ?? '';
        const to = places.find((p) => p.value === toId)?.label ?? '';
        const units = batch.movements.reduce((total, m) => total + m.quantity, 0);
        setDone(
          `Moved ${units} item${units === 1 ? '' : 's'} on ${lines.length} line${lines.length === 1 ? '' : 's'} from ${from} to ${to}.`,
        );
        setLines([emptyLine()]);
        setReason('');
      },
    });
  };

  const lineError = (index: number, field: string) => errors[`lines.${index}.${field}`];

  return (
    <form aria-label="Transfer stock" onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="From" required error={errors.fromLocationId && 'Choose where it leaves'}>
          {(field) => (
            <Select {...field} value={fromId} onChange={(e) => setFromId(e.target.value)}>
              <option value="">Choose a location</option>
              {places.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="To"
          required
          error={
            errors.toLocationId === 'Choose two different locations'
              ? errors.toLocationId
              : errors.toLocationId && 'Choose where it goes'
          }
        >
          {(field) => (
            <Select {...field} value={toId} onChange={(e) => setToId(e.target.value)}>
              <option value="">Choose a location</option>
              {places.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      </div>

      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Lines</legend>
        {lines.map((line, index) => {
          const bySerial = serialised(line.productId);
          return (
            <div
              key={line.key}
              data-testid="transfer-line"
              className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
            >
              <FormField
                label={`Product, line ${index + 1}`}
                required
                error={lineError(index, 'productId') && 'Choose a product'}
              >
                {(field) => (
                  <Select
                    {...field}
                    className="w-full truncate"
                    value={line.productId}
                    onChange={(e) => update(line.key, { productId: e.target.value })}
                  >
                    <option value="">Choose a product</option>
                    {productOptions(productList).map((p) => (
                      <option key={p.value} value={p.value}>
                        {p.label}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              {bySerial ? (
                <FormField
                  label={`Serials, line ${index + 1}`}
                  required
                  description="One a line, or separated by commas."
                  error={
                    (lineError(index, 'serials') ?? lineError(index, 'quantity')) &&
                    'List at least one serial'
                  }
                >
                  {(field) => (
                    <Textarea
                      {...field}
                      rows={3}
                      value={line.serials}
                      onChange={(e) => update(line.key, { serials: e.target.value })}
                    />
                  )}
                </FormField>
              ) : (
                <FormField
                  label={`Quantity, line ${index + 1}`}
                  required
                  error={lineError(index, 'quantity') && 'Enter a whole number of at least 1'}
                >
                  {(field) => (
                    <Input
                      {...field}
                      inputMode="numeric"
                      value={line.quantity}
                      onChange={(e) => update(line.key, { quantity: e.target.value })}
                    />
                  )}
                </FormField>
              )}
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="sm:mt-6"
                disabled={lines.length === 1}
                onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Remove line {index + 1}
              </Button>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setLines((current) => [...current, emptyLine()])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a line
        </Button>
      </fieldset>

      <FormField label="Reason" error={errors.reason}>
        {(field) => <Input {...field} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </FormField>

      <div className="grid gap-2">
        <Button type="submit" className="justify-self-start" disabled={transfer.isPending}>
          Transfer
        </Button>
        {done && (
          <p role="status" className="text-sm text-emerald-800">
            {done}
          </p>
        )}
        {transfer.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(transfer.error, 'The transfer could not be made')}
          </p>
        )}
      </div>
    </form>
  );
}
