import { z } from 'zod';
import { requiredText } from '../schema/common.contracts';

// Serials from the field (issue 20): each serial the engineer app records on a visit moves to
// installed when the visit completes; one that was not in the engineer's van is still taken but
// flagged, on the order and for back office to resolve.

export const fieldFlagStatuses = ['open', 'resolved'] as const;
export type FieldFlagStatus = (typeof fieldFlagStatuses)[number];

/** Resolving: move it into place and install it, or accept it as it stands (with a note). */
export const fieldFlagResolutions = ['install', 'dismiss'] as const;
export type FieldFlagResolution = (typeof fieldFlagResolutions)[number];

export const fieldFlagResolutionLabels: Record<FieldFlagResolution, string> = {
  install: 'Move it to the van and install it',
  dismiss: 'Leave the stock as it is',
};

export const fieldFlagSchema = z.object({
  id: z.uuid(),
  serial: z.string(),
  /** What the engineer recorded it as: Dish, Router, or another item's label. */
  label: z.string(),
  problem: z.string(),
  status: z.enum(fieldFlagStatuses),
  orderId: z.uuid(),
  orderNumber: z.string().nullable(),
  visitId: z.uuid(),
  engineer: z.string().nullable(),
  flaggedAt: z.string(),
  resolution: z.enum(fieldFlagResolutions).nullable(),
  resolutionNote: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
});
export type FieldFlag = z.infer<typeof fieldFlagSchema>;

export const fieldFlagsQuery = z.object({
  status: z.enum([...fieldFlagStatuses, 'all']).default('open'),
  orderId: z.uuid().optional(),
});
export type FieldFlagsQuery = z.input<typeof fieldFlagsQuery>;
export const fieldFlagsResponse = z.object({ items: z.array(fieldFlagSchema) });

export const resolveFieldFlagBody = z.object({
  resolution: z.enum(fieldFlagResolutions, { error: 'Choose how to resolve it' }),
  note: requiredText(500),
  /** An unknown serial is received into the van first: which product it is. */
  productId: z.uuid().optional(),
});
export type ResolveFieldFlagBody = z.input<typeof resolveFieldFlagBody>;

export const fieldFlagPaths = {
  list: '/api/stock/field-flags',
  resolve: (id: string) => `/api/stock/field-flags/${id}/resolve`,
};

export const fieldFlagMessages = {
  notInVan: (serial: string, van: string, where: string) =>
    `Serial ${serial} is not at ${van}: it is ${where}`,
  unknown: (serial: string, van: string) =>
    `Serial ${serial} is not in stock anywhere: it was not at ${van}`,
  noVan: (serial: string) => `Serial ${serial} was recorded by an engineer with no van`,
  alreadyResolved: 'This flag has already been resolved',
  productNeeded: (serial: string) =>
    `Serial ${serial} is not known: choose which product it is to receive it into the van`,
  cannotInstall: (serial: string, where: string) =>
    `Serial ${serial} cannot be installed from here: it is ${where}. Leave the stock as it is, with a note`,
  heading: 'Serials from the field',
  empty: 'No serials from the field need attention.',
} as const;

/** Stock management showing only the levels below their low-stock level (the alert's link). */
export const lowStockPath = '/admin/stock-management?below=1';
