import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateProductBody, Product, UpdateProductBody } from '@shared/stock/stock.contracts';
import { getJson, sendJson } from '@web/lib/api-client';
import { stockKeys } from './keys';

/** GET /api/stock/products: the catalogue (unit costs for back office). */
export function fetchProducts() {
  return getJson<{ items: Product[] }>('/api/stock/products');
}

export const productsQuery = queryOptions({ queryKey: stockKeys.products, queryFn: fetchProducts });

export function useProducts() {
  return useQuery(productsQuery);
}

/** POST /api/stock/products: a new product; a taken SKU is refused on the `sku` field. */
export function createProduct(body: CreateProductBody) {
  return sendJson<Product>('POST', '/api/stock/products', body);
}

/** PATCH /api/stock/products/:id */
export function updateProduct(id: string, body: UpdateProductBody) {
  return sendJson<Product>('PATCH', `/api/stock/products/${id}`, body);
}

/** Adds a product, or (with an id) saves one, and refreshes the catalogue. */
export function useSaveProduct(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProductBody) => (id ? updateProduct(id, body) : createProduct(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.products }),
  });
}
