import { stockMessages, type MovementKind, type SerialStatus } from '@shared/stock/stock.contracts';

// The ledger's rules, apart from the database: what a list of serials holds, where a serial may
// move from, and what a batch of movements does to each level.

/** Pasted or uploaded serials: one a line, or comma/semicolon/tab separated (CSV). */
export function parseSerialList(text: string): { serials: string[]; repeated: string[] } {
  const serials = text
    .split(/[\r\n,;\t]+/)
    .map((part) =>
      part
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter(Boolean);
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const serial of serials) {
    if (seen.has(serial)) repeated.add(serial);
    seen.add(serial);
  }
  return { serials: [...seen], repeated: [...repeated] };
}

export type SerialState = {
  serial: string;
  status: SerialStatus;
  locationId: string | null;
  orderNumber?: string | null;
};

/** Where a serial is, in words: "at Van: Sam Penrose", "installed", "faulty at Depot: Kernow". */
export function whereIs(serial: SerialState, label: (locationId: string) => string) {
  const at = serial.locationId ? ` at ${label(serial.locationId)}` : '';
  switch (serial.status) {
    case 'in_stock':
      return `in stock${at}`;
    case 'installed':
      return serial.orderNumber ? `installed (order ${serial.orderNumber})` : 'installed';
    case 'written_off':
      return 'written off';
    default:
      return `${serial.status.replace('_', ' ')}${at}`;
  }
}

/** The statuses a serial may leave a location in, by movement kind. */
const movableFrom: Record<MovementKind, readonly SerialStatus[]> = {
  receive: [],
  transfer: ['in_stock', 'allocated', 'returned', 'faulty'],
  allocate: ['in_stock', 'returned'],
  install: ['in_stock', 'allocated', 'returned'],
  return: ['in_stock', 'allocated', 'returned', 'faulty'],
  mark_faulty: ['in_stock', 'allocated', 'returned'],
  write_off: ['in_stock', 'allocated', 'returned', 'faulty'],
  adjustment: [],
};

/**
 * Why this serial may not make this movement from `locationId`, or null when it may. An
 * installed serial is told so by order; one elsewhere is told where it is.
 */
export function serialRefusal(
  kind: MovementKind,
  serial: SerialState,
  locationId: string,
  label: (locationId: string) => string,
): { installed: boolean; message: string } | null {
  if (kind === 'install' && serial.status === 'installed') {
    const order = serial.orderNumber ?? 'unknown';
    return { installed: true, message: stockMessages.serialAlreadyInstalled(serial.serial, order) };
  }
  if (serial.locationId === locationId && movableFrom[kind].includes(serial.status)) return null;
  return {
    installed: false,
    message: stockMessages.serialNotThere(serial.serial, label(locationId), whereIs(serial, label)),
  };
}

export type LevelChange = {
  productId: string;
  quantity: number;
  fromLocationId: string | null;
  toLocationId: string | null;
};

/**
 * What a batch does to each (product, location): `quantity` leaves `from` and arrives at `to`;
 * the same location on both sides (an allocation, a fault marked where it lies) changes nothing.
 */
export function levelDeltas(changes: LevelChange[]): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (productId: string, locationId: string, delta: number) => {
    const key = `${productId}/${locationId}`;
    deltas.set(key, (deltas.get(key) ?? 0) + delta);
  };
  for (const change of changes) {
    if (change.fromLocationId === change.toLocationId) {
      if (change.fromLocationId) add(change.productId, change.fromLocationId, 0);
      continue;
    }
    if (change.fromLocationId) add(change.productId, change.fromLocationId, -change.quantity);
    if (change.toLocationId) add(change.productId, change.toLocationId, change.quantity);
  }
  return deltas;
}

/**
 * The units a batch needs present at each (product, location) before it runs: what leaves, and
 * what is allocated where it lies (an allocation needs the units there even though none move).
 */
export function unitsNeeded(changes: (LevelChange & { kind: MovementKind })[]) {
  const needed = new Map<string, number>();
  for (const change of changes) {
    if (!change.fromLocationId) continue;
    if (change.fromLocationId === change.toLocationId && change.kind !== 'allocate') continue;
    const key = `${change.productId}/${change.fromLocationId}`;
    needed.set(key, (needed.get(key) ?? 0) + change.quantity);
  }
  return needed;
}
