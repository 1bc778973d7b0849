import { useState, type FormEvent } from 'react';
import {
  fieldFlagMessages,
  fieldFlagResolutionLabels,
  resolveFieldFlagBody,
  type FieldFlag,
  type FieldFlagResolution,
} from '@shared/stock/field-flags.contracts';
import { useResolveFieldFlag } from '@web/api/stock/field-flags';
import { useStockProductOptions } from '@web/api/stock/product-options';
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
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, HttpError } from '@web/lib/api-client';

const choices: Array<{ value: FieldFlagResolution; title: string }> = [
  { value: 'install', title: 'Install it' },
  { value: 'dismiss', title: 'Dismiss' },
];

/**
 * An unknown serial (in stock nowhere) must be received into the van as a product before it is
 * installed: the server words that problem with `fieldFlagMessages.unknown`, so its opening is
 * read from the contract itself rather than restated.
 */
export function needsProduct(flag: Pick<FieldFlag, 'serial' | 'problem'>) {
  const opening = fieldFlagMessages.unknown(flag.serial, '\u0000').split('\u0000')[0]!;
  return flag.problem.startsWith(opening);
}

/** Resolve one flag: install the serial after all (naming its product if unknown) or dismiss. */
export function FieldFlagResolveDialog({
  flag,
  onOpenChange,
}: {
  flag: FieldFlag;
  onOpenChange: (open: boolean) => void;
}) {
  const resolve = useResolveFieldFlag();
  const [resolution, setResolution] = useState<FieldFlagResolution | ''>('');
  const [note, setNote] = useState('');
  const [productId, setProductId] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The server may still ask for a product (the serial vanished from stock meanwhile).
  const [askProduct, setAskProduct] = useState(needsProduct(flag));
  const showProduct = resolution === 'install' && askProduct;
  const products = useStockProductOptions();
  const serialProducts = (products.data?.items ?? []).filter(
    (product) => product.active && product.trackedBySerial,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = resolveFieldFlagBody.safeParse({
      resolution: resolution || undefined,
      note,
      productId: showProduct && productId ? productId : undefined,
    });
    const found: Record<string, string | undefined> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form');
        found[key] ??= issue.message;
      }
    }
    if (showProduct && !productId) found.productId = 'Choose which product it is';
    setErrors(found);
    if (!parsed.success || found.productId) return;
    resolve.mutate(
      { id: flag.id, body: parsed.data },
      {
        onSuccess: () => {
          toast({ title: 'Serial resolved', description: flag.serial });
          onOpenChange(false);
        },
        onError: (error) => {
          const details = error instanceof HttpError ? error.payload?.details : undefined;
          if (details?.productId?.[0]) {
            setAskProduct(true);
            setErrors({ productId: details.productId[0] });
          }
          setFailure(errorMessage(error, 'Could not resolve the serial'));
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Resolve serial {flag.serial}</DialogTitle>
            <DialogDescription>{flag.problem}</DialogDescription>
          </DialogHeader>
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.resolution ? `resolution-error-${flag.id}` : undefined}
          >
            <legend className="mb-1 text-sm font-medium text-slate-900">
              How to resolve it <span aria-hidden="true">*</span>
            </legend>
            {choices.map((choice) => (
              <label
                key={choice.value}
                className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-2 text-sm has-[:checked]:border-brand-600"
              >
                <input
                  type="radio"
                  name="resolution"
                  value={choice.value}
                  checked={resolution === choice.value}
                  onChange={() => setResolution(choice.value)}
                  className="mt-1"
                />
                <span className="grid">
                  <span className="font-medium text-slate-900">{choice.title}</span>
                  <span className="text-slate-600">{fieldFlagResolutionLabels[choice.value]}</span>
                </span>
              </label>
            ))}
            {errors.resolution && (
              <p id={`resolution-error-${flag.id}`} className="text-sm text-red-700">
                {errors.resolution}
              </p>
            )}
          </fieldset>
          {showProduct && (
            <FormField
              label="Product"
              required
              error={errors.productId}
              description="The serial is in stock nowhere: it is received into the van as this product."
            >
              {(field) => (
                <Select {...field} value={productId} onChange={(e) => setProductId(e.target.value)}>
                  <option value="">Choose a product</option>
                  {serialProducts.map((product) => (
                    <option key={product.id} value={product.id}>
                      {product.sku} — {product.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          )}
          <FormField label="Note" required error={errors.note}>
            {(field) => (
              <Textarea
                {...field}
                rows={3}
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </FormField>
          {failure && (
            <p role="alert" className="text-sm text-red-700">
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={resolve.isPending}>
              Resolve
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
