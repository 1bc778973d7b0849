/** Cache keys of stock's calls (decision 020): the catalogue, locations, kits and serials. */
export const stockKeys = {
  all: ['/api/stock'] as const,
  products: ['/api/stock/products'] as const,
  locations: ['/api/stock/locations'] as const,
  lowLevels: (productId: string) => ['/api/stock/low-levels', { productId }] as const,
  jobTypeKit: (jobTypeId: string) => ['/api/stock/job-types', jobTypeId, 'kit'] as const,
  serials: ['/api/stock/serials'] as const,
  serialHistory: (serial: string) => [...stockKeys.serials, serial, 'history'] as const,
  /** What a receipt changes besides the serials: levels and movements (the other page's). */
  levels: ['/api/stock/levels'] as const,
  movements: ['/api/stock/movements'] as const,
  /** Serials from the field not in the engineer's van (issue 20), by status and order. */
  fieldFlags: ['/api/stock/field-flags'] as const,
  fieldFlagList: (query: { status?: string; orderId?: string }) =>
    [...stockKeys.fieldFlags, query] as const,
};
