import { useState, type FormEvent } from 'react';
import type { Product } from '@shared/stock/stock.contracts';
import { useLocations } from '@web/api/stock/locations';
import { useLowLevels, useSetLowLevels } from '@web/api/stock/low-levels';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';

const levelPattern = /^\d{1,7}$/;

/** The low-stock level of one product at each location: below it, back office is alerted. */
export function InventoryLowLevelsDialog({
  product,
  onOpenChange,
}: {
  product: Product;
  onOpenChange: (open: boolean) => void;
}) {
  const locations = useLocations();
  const levels = useLowLevels(product.id);
  const save = useSetLowLevels(product.id);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);

  const current = new Map((levels.data?.items ?? []).map((row) => [row.locationId, row.level]));
  const shown = (locationId: string) => typed[locationId] ?? String(current.get(locationId) ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const changed = Object.entries(typed).filter(
      ([locationId, text]) => text.trim() !== String(current.get(locationId) ?? ''),
    );
    const bad = changed.filter(([, text]) => text.trim() !== '' && !levelPattern.test(text.trim()));
    setInvalid(bad.map(([locationId]) => locationId));
    if (bad.length > 0) return;
    save.mutate(
      changed.map(([locationId, text]) => ({
        locationId,
        level: text.trim() === '' ? 0 : Number(text.trim()),
      })),
      {
        onSuccess: () => {
          toast({ title: 'Low-stock levels saved', description: product.sku });
          onOpenChange(false);
        },
        onError: (error) => setFailure(errorMessage(error, 'Could not save the levels')),
      },
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Low-stock levels: {product.sku}</DialogTitle>
            <DialogDescription>
              Back office is alerted when a location holds fewer than its level. Leave a level empty
              for no alert.
            </DialogDescription>
          </DialogHeader>
          {locations.isPending || levels.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : (
            <div className="grid max-h-[50dvh] gap-3 overflow-y-auto pr-1 sm:grid-cols-2">
              {(locations.data?.items ?? [])
                .filter((location) => location.active)
                .map((location) => (
                  <FormField
                    key={location.id}
                    label={location.label}
                    error={
                      invalid.includes(location.id) ? 'Enter a whole number, 0 or more' : undefined
                    }
                  >
                    {(field) => (
                      <Input
                        {...field}
                        inputMode="numeric"
                        value={shown(location.id)}
                        onChange={(e) =>
                          setTyped((all) => ({ ...all, [location.id]: e.target.value }))
                        }
                      />
                    )}
                  </FormField>
                ))}
            </div>
          )}
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              Save levels
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
