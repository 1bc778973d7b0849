import { Controller, useForm } from 'react-hook-form';
import {
  createProductBody,
  stockCategories,
  stockLabels,
  type CreateProductBody,
  type Product,
  type StockCategory,
} from '@shared/stock/stock.contracts';
import { useSaveProduct } from '@web/api/stock/products';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
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
import { Label } from '@web/components/ui/label';
import { MoneyInput } from '@web/components/ui/money-input';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { bodyResolver } from '@web/lib/body-resolver';
import { showServerError } from '@web/lib/show-server-error';
import { categoryLabels } from './inventory-format';

type ProductValues = {
  sku: string;
  name: string;
  category: StockCategory;
  trackedBySerial: boolean;
  unitCostPence: number | undefined;
  active: boolean;
};

const productFields = ['sku', 'name', 'category', 'trackedBySerial', 'unitCostPence'] as const;
const resolver = bodyResolver(createProductBody, (values: ProductValues) => values);

function fromProduct(product: Product | null): ProductValues {
  return {
    sku: product?.sku ?? '',
    name: product?.name ?? '',
    category: product?.category ?? 'dish',
    trackedBySerial: product?.trackedBySerial ?? false,
    unitCostPence: product?.unitCostPence,
    active: product?.active ?? true,
  };
}

/** Add a product to the catalogue, or edit one; a taken SKU comes back under the SKU field. */
export function InventoryProductDialog({
  product,
  open,
  onOpenChange,
}: {
  product: Product | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const save = useSaveProduct(product?.id ?? null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProductValues, unknown, CreateProductBody>({
    resolver,
    values: fromProduct(product),
  });

  const submit = handleSubmit(async (body) => {
    try {
      const saved = await save.mutateAsync(body);
      toast({
        title: product ? 'Product saved' : 'Product added',
        description: `${saved.sku} ${saved.name}`,
      });
      onOpenChange(false);
    } catch (error) {
      showServerError<ProductValues>(error, {
        title: product ? 'Could not save the product' : 'Could not add the product',
        setError,
        fields: productFields,
      });
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{product ? `Edit ${product.sku}` : 'Add a product'}</DialogTitle>
            <DialogDescription>
              What the catalogue holds: counted, or tracked one by one by serial.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={stockLabels.sku} required error={errors.sku?.message}>
              {(field) => <Input {...field} autoComplete="off" {...register('sku')} />}
            </FormField>
            <FormField label={stockLabels.category} required error={errors.category?.message}>
              {(field) => (
                <Select {...field} {...register('category')}>
                  {stockCategories.map((category) => (
                    <option key={category} value={category}>
                      {categoryLabels[category]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <FormField
              label={stockLabels.name}
              required
              error={errors.name?.message}
              className="sm:col-span-2"
            >
              {(field) => <Input {...field} {...register('name')} />}
            </FormField>
            <FormField label={stockLabels.unitCost} required error={errors.unitCostPence?.message}>
              {(field) => (
                <Controller
                  control={control}
                  name="unitCostPence"
                  render={({ field: cost }) => (
                    <MoneyInput {...field} value={cost.value} onChange={cost.onChange} />
                  )}
                />
              )}
            </FormField>
            <div className="grid content-start gap-3 sm:pt-7">
              <Controller
                control={control}
                name="trackedBySerial"
                render={({ field }) => (
                  <div className="flex items-center gap-2">
                    <Checkbox
                      id="product-tracked"
                      checked={field.value}
                      // A product's stock is counted or serialised from its first movement on.
                      disabled={!!product}
                      onCheckedChange={(checked) => field.onChange(checked === true)}
                    />
                    <Label htmlFor="product-tracked">{stockLabels.trackedBySerial}</Label>
                  </div>
                )}
              />
              {product && (
                <Controller
                  control={control}
                  name="active"
                  render={({ field }) => (
                    <div className="flex items-center gap-2">
                      <Checkbox
                        id="product-active"
                        checked={field.value}
                        onCheckedChange={(checked) => field.onChange(checked === true)}
                      />
                      <Label htmlFor="product-active">Active</Label>
                    </div>
                  )}
                />
              )}
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {product ? 'Save product' : 'Add product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
