import { z } from 'zod';
import { safeText } from '../schema/text';
import { levelsQuery, locationKinds, movementsQuery } from './stock.contracts';

// Stock management's lists beyond the ledger's own (issue 20): stock value by location, the CSV
// exports of levels, movements and value, and the kit an order needs for an allocation.

/** The filters of a CSV export: a list's filters without its page. */
export const levelsExportQuery = levelsQuery.omit({ cursor: true, limit: true });
export const movementsExportQuery = movementsQuery.omit({ cursor: true, limit: true });

/** The columns of each export, in order. Cost columns are back office's only. */
export const stockCsvHeaders = {
  levels: ['SKU', 'Name', 'Category', 'Location', 'Quantity', 'Low-stock level', 'Low'],
  levelsCost: ['Unit cost (GBP)', 'Value (GBP)'],
  movements: [
    'Date',
    'Movement',
    'SKU',
    'Serial',
    'Quantity',
    'From',
    'To',
    'Order',
    'Reason',
    'Supplier',
    'Delivery note',
    'By',
  ],
  value: ['Location', 'Kind', 'Units', 'Value (GBP)'],
} as const;

/** The last line of the stock-value export and table. */
export const allLocationsLabel = 'All locations';

export const stockValueSchema = z.object({
  items: z.array(
    z.object({
      locationId: z.uuid(),
      location: z.string(),
      kind: z.enum(locationKinds),
      units: z.number().int(),
      valuePence: z.number().int(),
    }),
  ),
  totalUnits: z.number().int(),
  totalPence: z.number().int(),
});
export type StockValue = z.infer<typeof stockValueSchema>;

export const orderKitQuery = z.object({
  orderNumber: safeText({ error: 'Required' })
    .trim()
    .toUpperCase()
    .min(1, 'Required')
    .max(40, 'Too long'),
});
export const orderKitSchema = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  items: z.array(
    z.object({
      productId: z.uuid(),
      sku: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      trackedBySerial: z.boolean(),
    }),
  ),
});
export type OrderKit = z.infer<typeof orderKitSchema>;

export const stockReportMessages = {
  orderNotFound: (orderNumber: string) => `No order ${orderNumber}`,
} as const;
