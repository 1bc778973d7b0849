import { z } from 'zod';
import { calendarDate } from '../schema/calendar-date';
import { optionalText, pence, reasonField, requiredText } from '../schema/common.contracts';
import { multilineText, safeText, searchText } from '../schema/text';

// Stock (issue 20): the catalogue, locations, the ledger and serials. The screens' labels and the
// refusals' words live here so that the server and the web say the same thing.

export const stockCategories = [
  'dish',
  'router',
  'mount',
  'pole',
  'cable',
  'adaptor',
  'other',
] as const;
export type StockCategory = (typeof stockCategories)[number];

export const locationKinds = ['warehouse', 'depot', 'van'] as const;
export type LocationKind = (typeof locationKinds)[number];
export const locationKindLabels: Record<LocationKind, string> = {
  warehouse: 'Warehouse',
  depot: 'Depot',
  van: 'Van',
};

export const movementKinds = [
  'receive',
  'transfer',
  'allocate',
  'install',
  'return',
  'mark_faulty',
  'write_off',
  'adjustment',
] as const;
export type MovementKind = (typeof movementKinds)[number];
export const movementKindLabels: Record<MovementKind, string> = {
  receive: 'Received',
  transfer: 'Moved',
  allocate: 'Allocated to order',
  install: 'Installed',
  return: 'Returned',
  mark_faulty: 'Marked faulty',
  write_off: 'Written off',
  adjustment: 'Stock-take adjustment',
};

/** written_off is where a serial ends when it is written off; the other five are issue 20's. */
export const serialStatuses = [
  'in_stock',
  'allocated',
  'installed',
  'returned',
  'faulty',
  'written_off',
] as const;
export type SerialStatus = (typeof serialStatuses)[number];

export const stockLabels = {
  sku: 'SKU',
  name: 'Name',
  category: 'Category',
  trackedBySerial: 'Tracked by serial',
  unitCost: 'Unit cost',
  serial: 'Serial',
} as const;

/** The refusals' words: each names the product, the location and what is there. */
export const stockMessages = {
  notEnough: (sku: string, location: string, have: number) =>
    `Only ${have} of SKU ${sku} at ${location}`,
  serialNotThere: (serial: string, location: string, where: string) =>
    `Serial ${serial} is not at ${location}: it is ${where}`,
  serialAlreadyInstalled: (serial: string, order: string) =>
    `Serial ${serial} is already installed (order ${order})`,
  serialUnknown: (serials: string[]) => `Unknown serial${plural(serials)}: ${serials.join(', ')}`,
  serialsRepeated: (serials: string[]) =>
    `Listed more than once: ${serials.join(', ')}. Each serial once, please`,
  serialsKnown: (serials: string[]) => `Already known: ${serials.join(', ')}`,
  serialWrongProduct: (serial: string, sku: string) => `Serial ${serial} is not a SKU ${sku}`,
  serialsNeeded: (sku: string) => `SKU ${sku} is tracked by serial: list the serials`,
  serialsNotCounted: (sku: string) => `SKU ${sku} is counted, not tracked by serial`,
  serialNotFaultyHere: (serial: string) => `Serial ${serial} is not installed on this order`,
  countSerialsBySerial: (sku: string) =>
    `SKU ${sku} is tracked by serial: find, return or write off its serials one by one`,
  sameLocation: 'Choose two different locations',
  notYourLocation: 'That location is not one of your company’s',
  unknownProduct: 'Unknown product',
  unknownLocation: 'Unknown location',
  noKit: 'The order’s job type has no kit listed',
  skuTaken: 'Another product already uses that SKU',
  productInUse: 'The product has movements; make it inactive instead',
  invalidCursor: 'That page cursor is not one we gave out',
} as const;

function plural(list: unknown[]) {
  return list.length === 1 ? '' : 's';
}

const sku = safeText({ error: 'Required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,39}$/, 'Use 2 to 40 letters, digits, - or _');

export const productSchema = z.object({
  id: z.uuid(),
  sku: z.string(),
  name: z.string(),
  category: z.enum(stockCategories),
  trackedBySerial: z.boolean(),
  /** Back office only: never sent to a contractor. Pence. */
  unitCostPence: z.number().int().optional(),
  active: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
export const productListResponse = z.object({ items: z.array(productSchema) });

export const createProductBody = z.object({
  sku,
  name: requiredText(120),
  category: z.enum(stockCategories),
  trackedBySerial: z.boolean(),
  unitCostPence: pence,
  active: z.boolean().default(true),
});
export type CreateProductBody = z.input<typeof createProductBody>;
export const updateProductBody = createProductBody.omit({ active: true }).partial().extend({
  active: z.boolean().optional(),
});
export type UpdateProductBody = z.input<typeof updateProductBody>;

export const kitItemSchema = z.object({
  productId: z.uuid(),
  quantity: z.number().int().min(1).max(100),
});
export const kitSchema = z.object({
  items: z.array(kitItemSchema.extend({ sku: z.string(), name: z.string() })),
});
export const putKitBody = z.object({ items: z.array(kitItemSchema).max(50) });
export const jobTypeParams = z.object({ jobTypeId: z.uuid() });

export const locationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(locationKinds),
  name: z.string(),
  /** "Van: Sam Penrose": how the refusals and lists name it. */
  label: z.string(),
  contractorId: z.uuid().nullable(),
  engineerId: z.uuid().nullable(),
  active: z.boolean(),
});
export type StockLocation = z.infer<typeof locationSchema>;
export const locationListResponse = z.object({ items: z.array(locationSchema) });
export const createWarehouseBody = z.object({ name: requiredText(120) });

export const lowLevelBody = z.object({
  productId: z.uuid(),
  locationId: z.uuid(),
  /** 0 removes the alert level. */
  level: z.number().int().min(0).max(1_000_000),
});

const limit = z.coerce.number().int().min(1).max(200).default(50);
const cursor = safeText().max(200).optional();

export const levelsQuery = z.object({
  productId: z.uuid().optional(),
  locationId: z.uuid().optional(),
  category: z.enum(stockCategories).optional(),
  /** 'true': only the levels below their location's low-stock level. */
  low: z.enum(['true', 'false']).optional(),
  cursor,
  limit,
});
export const levelSchema = z.object({
  productId: z.uuid(),
  sku: z.string(),
  productName: z.string(),
  category: z.enum(stockCategories),
  locationId: z.uuid(),
  location: z.string(),
  quantity: z.number().int(),
  /** The alert level at this location, if one is set. */
  lowLevel: z.number().int().nullable(),
  low: z.boolean(),
});
export const levelsResponse = z.object({
  items: z.array(levelSchema),
  nextCursor: z.string().nullable(),
});

export const movementsQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  locationId: z.uuid().optional(),
  kind: z.enum(movementKinds).optional(),
  cursor,
  limit,
});
export const movementSchema = z.object({
  id: z.uuid(),
  batchId: z.uuid(),
  kind: z.enum(movementKinds),
  productId: z.uuid(),
  sku: z.string(),
  quantity: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  fromLocationId: z.uuid().nullable(),
  toLocationId: z.uuid().nullable(),
  serial: z.string().nullable(),
  orderId: z.uuid().nullable(),
  visitId: z.uuid().nullable(),
  supplier: z.string().nullable(),
  deliveryNote: z.string().nullable(),
  reason: z.string().nullable(),
  by: z.string(),
  at: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;
export const movementsResponse = z.object({
  items: z.array(movementSchema),
  nextCursor: z.string().nullable(),
});
/** The movements one step made; a stock take that found nothing to adjust made none (batchId null). */
export const batchResponse = z.object({
  batchId: z.uuid().nullable(),
  movements: z.array(movementSchema),
});

const serialText = safeText({ error: 'Required' }).trim().min(1, 'Required').max(100);

/** A line of a transfer, return or write-off: a quantity of a counted product, or serials. */
export const stockLine = z
  .object({
    productId: z.uuid(),
    quantity: z.number().int().min(1).max(100_000).optional(),
    serials: z.array(serialText).min(1).max(1000).optional(),
  })
  .refine((line) => !!line.quantity !== !!line.serials, {
    message: 'Give a quantity or serials',
    path: ['quantity'],
  });
export type StockLine = z.infer<typeof stockLine>;
const lines = z.array(stockLine).min(1, 'Add at least one line').max(100);

export const receiveBody = z.object({
  locationId: z.uuid(),
  supplier: requiredText(120),
  deliveryNote: requiredText(120),
  lines: z
    .array(
      z.object({
        productId: z.uuid(),
        quantity: z.number().int().min(1).max(100_000).optional(),
        /** Pasted or uploaded: one a line, or CSV. */
        serials: multilineText().max(200_000).optional(),
      }),
    )
    .min(1, 'Add at least one line')
    .max(100),
});
export type ReceiveBody = z.input<typeof receiveBody>;

export const transferBody = z.object({
  fromLocationId: z.uuid(),
  toLocationId: z.uuid(),
  reason: optionalText(500),
  lines,
});
export type TransferBody = z.input<typeof transferBody>;

export const allocateBody = z.object({
  orderId: z.uuid(),
  locationId: z.uuid(),
  /** One serial per unit of each serialised product in the kit. */
  serials: z.array(serialText).max(100).default([]),
});

export const installBody = z.object({
  orderId: z.uuid(),
  visitId: z.uuid().optional(),
  locationId: z.uuid(),
  lines,
});

export const swapBody = z.object({
  orderId: z.uuid(),
  visitId: z.uuid().optional(),
  /** The engineer's van: the faulty serial goes back to it, the replacement leaves it. */
  locationId: z.uuid(),
  faultySerial: serialText,
  replacementSerial: serialText,
  reason: reasonField,
});

export const returnBody = z.object({
  /** Absent: the items come back from a customer's (installed serials). */
  fromLocationId: z.uuid().optional(),
  toLocationId: z.uuid(),
  orderId: z.uuid().optional(),
  reason: reasonField,
  lines,
});

export const markFaultyBody = z.object({
  locationId: z.uuid(),
  serials: z.array(serialText).min(1).max(1000),
  reason: reasonField,
});

export const writeOffBody = z.object({ locationId: z.uuid(), reason: reasonField, lines });

export const stockTakeQuery = z.object({ locationId: z.uuid() });
export const stockTakeSheet = z.object({
  items: z.array(
    z.object({
      productId: z.uuid(),
      sku: z.string(),
      name: z.string(),
      trackedBySerial: z.boolean(),
      expected: z.number().int(),
    }),
  ),
});
export const stockTakeBody = z.object({
  locationId: z.uuid(),
  reason: reasonField,
  counts: z
    .array(z.object({ productId: z.uuid(), counted: z.number().int().min(0).max(1_000_000) }))
    .min(1)
    .max(1000),
});

export const serialSearchQuery = z.object({ q: searchText(100).pipe(z.string().min(1)) });
export const serialSchema = z.object({
  id: z.uuid(),
  serial: z.string(),
  productId: z.uuid(),
  sku: z.string(),
  status: z.enum(serialStatuses),
  locationId: z.uuid().nullable(),
  location: z.string().nullable(),
  orderId: z.uuid().nullable(),
});
export const serialSearchResponse = z.object({ items: z.array(serialSchema) });
export const serialParams = z.object({ serial: serialText });
/**
 * A step of a serial's history: the movement without what the serial says once above its steps
 * (its product, SKU and text; one unit each time), with its order's number and whether it was
 * part of a swap.
 */
export const serialHistoryEntry = movementSchema
  .omit({ batchId: true, productId: true, sku: true, quantity: true, serial: true })
  .extend({
    orderNumber: z.string().nullable(),
    swap: z.boolean(),
  });
export type SerialHistoryEntry = z.infer<typeof serialHistoryEntry>;
export const serialHistoryResponse = z.object({
  serial: serialSchema.extend({ orderNumber: z.string().nullable() }),
  history: z.array(serialHistoryEntry),
});
export type SerialHistory = z.infer<typeof serialHistoryResponse>;

/** A product's alert levels, at every location that has one. */
export const lowLevelsQuery = z.object({ productId: z.uuid() });
export const lowLevelsResponse = z.object({
  items: z.array(z.object({ locationId: z.uuid(), level: z.number().int() })),
});
