import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  createWarehouseBody,
  locationKindLabels,
  type StockLocation,
} from '@shared/stock/stock.contracts';
import { useCreateWarehouse, useLocations } from '@web/api/stock/locations';
import { DataTable, type DataTableColumn } from '@web/components/data-table';
import { ListCard } from '@web/components/responsive-list';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api-client';
import { bodyResolver } from '@web/lib/body-resolver';
import { placeServerDetails } from '@web/lib/show-server-error';

type WarehouseValues = { name: string };
const resolver = bodyResolver(createWarehouseBody, (values: WarehouseValues) => values);

function AddWarehouseForm() {
  const create = useCreateWarehouse();
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<WarehouseValues, unknown, z.output<typeof createWarehouseBody>>({
    resolver,
    defaultValues: { name: '' },
  });
  const submit = handleSubmit((body) => {
    setDone(null);
    setFailure(null);
    create.mutate(body, {
      onSuccess: (location) => {
        reset();
        setDone(`${location.label} added.`);
      },
      onError: (error) => {
        if (!placeServerDetails(error, setError, ['name']).placed) setFailure(error);
      },
    });
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <FormField label="Warehouse name" required error={errors.name?.message}>
        {(field) => <Input {...field} {...register('name')} />}
      </FormField>
      <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
        Add warehouse
      </Button>
      {done && (
        <p role="status" className="text-sm text-emerald-800 sm:col-span-2">
          {done}
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-2">
          {errorMessage(failure, 'Could not add the warehouse')}
        </p>
      )}
    </form>
  );
}

const columns: DataTableColumn<StockLocation>[] = [
  { id: 'name', header: 'Location', cell: ({ row }) => row.original.name },
  { id: 'kind', header: 'Kind', cell: ({ row }) => locationKindLabels[row.original.kind] },
];

/** Where stock lives: warehouses (added here), each contractor's depot, each engineer's van. */
export function InventoryLocations() {
  const locations = useLocations();
  const items = locations.data?.items ?? [];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Locations</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <AddWarehouseForm />
        {locations.isPending ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : (
          <DataTable
            data={items}
            columns={columns}
            getRowId={(location) => location.id}
            tableLabel="Locations"
            cards={{
              label: 'Locations',
              render: (location) => (
                <ListCard>
                  <p className="text-sm font-medium">{location.name}</p>
                  <p className="text-xs text-slate-600">{locationKindLabels[location.kind]}</p>
                </ListCard>
              ),
            }}
          />
        )}
      </CardContent>
    </Card>
  );
}
