import type { StockCategory } from '@shared/stock/stock.contracts';

// Stock management's words that the shared contracts do not hold.

export const categoryLabels: Record<StockCategory, string> = {
  dish: 'Dish',
  router: 'Router',
  mount: 'Mount',
  pole: 'Pole',
  cable: 'Cable',
  adaptor: 'Adaptor',
  other: 'Other',
};

/** A location or product list as select options. */
export const locationOptions = (items: readonly { id: string; label: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: item.id, label: item.label }));
export const productOptions = (
  items: readonly { id: string; sku: string; name: string }[] | undefined,
) => (items ?? []).map((item) => ({ value: item.id, label: `${item.sku} · ${item.name}` }));
