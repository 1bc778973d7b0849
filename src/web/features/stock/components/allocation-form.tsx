import { useState, type FormEvent } from 'react';
import type { OrderKit } from '@shared/stock/stock-reports.contracts';
import { useAllocateKit, useFindOrderKit } from '@web/api/stock/allocations';
import { useStockLocationOptions } from '@web/api/stock/location-options';
import { Button } from '@web/components/ui/button';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { errorMessage } from '@web/lib/api-client';
import { locationOptions } from '../lib/stock-management-labels';
import { splitSerials } from '../lib/split-serials';

/** An order's kit (its job type's) set aside at a location: found by order number, serials named. */
export function AllocationForm() {
  const locations = useStockLocationOptions();
  const find = useFindOrderKit();
  const allocate = useAllocateKit();
  const [orderNumber, setOrderNumber] = useState('');
  const [kit, setKit] = useState<OrderKit | null>(null);
  const [locationId, setLocationId] = useState('');
  const [serials, setSerials] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const [missing, setMissing] = useState<string | null>(null);

  const lookUp = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setKit(null);
    allocate.reset();
    if (orderNumber.trim() === '') return;
    find.mutate(orderNumber.trim(), {
      onSuccess: (found) => {
        setKit(found);
        setSerials({});
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kit) return;
    if (!locationId) {
      setMissing('Choose where the kit is set aside');
      return;
    }
    setMissing(null);
    allocate.mutate(
      {
        orderId: kit.orderId,
        locationId,
        serials: kit.items.flatMap((item) => splitSerials(serials[item.productId] ?? '')),
      },
      {
        onSuccess: (batch) => {
          setDone(
            `Allocated ${batch.movements.length} item${batch.movements.length === 1 ? '' : 's'} to order ${kit.orderNumber}.`,
          );
          setKit(null);
          setOrderNumber('');
        },
      },
    );
  };

  return (
    <div className="grid min-w-0 gap-4">
      <form onSubmit={lookUp} noValidate className="flex flex-wrap items-end gap-3">
        <FormField label="Order number" className="w-full sm:w-64">
          {(field) => (
            <Input
              {...field}
              value={orderNumber}
              onChange={(e) => setOrderNumber(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={find.isPending}>
          Find the kit
        </Button>
      </form>
      {find.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(find.error, 'The order could not be found')}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-emerald-800">
          {done}
        </p>
      )}
      {kit && (
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-3">
          <h3 className="text-sm font-semibold">Kit for order {kit.orderNumber}</h3>
          {kit.items.length === 0 ? (
            <p className="text-sm text-slate-600">The order’s job type has no kit listed.</p>
          ) : (
            <ul className="grid gap-3">
              {kit.items.map((item) => (
                <li
                  key={item.productId}
                  className="grid gap-2 rounded-md border border-slate-200 p-3"
                >
                  <span className="text-sm">
                    <span className="font-mono">{item.sku}</span> · {item.name} × {item.quantity}
                  </span>
                  {item.trackedBySerial && (
                    <FormField
                      label={`Serials for ${item.sku}`}
                      description="One a line, or separated by commas."
                    >
                      {(field) => (
                        <Textarea
                          {...field}
                          rows={2}
                          value={serials[item.productId] ?? ''}
                          onChange={(e) =>
                            setSerials((s) => ({ ...s, [item.productId]: e.target.value }))
                          }
                        />
                      )}
                    </FormField>
                  )}
                </li>
              ))}
            </ul>
          )}
          <FormField
            label="Set aside at"
            required
            error={missing ?? undefined}
            className="sm:max-w-md"
          >
            {(field) => (
              <Select {...field} value={locationId} onChange={(e) => setLocationId(e.target.value)}>
                <option value="">Choose a location</option>
                {locationOptions(locations.data?.items).map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <Button
            type="submit"
            className="justify-self-start"
            disabled={allocate.isPending || kit.items.length === 0}
          >
            Allocate the kit
          </Button>
          {allocate.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(allocate.error, 'The kit could not be allocated')}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
