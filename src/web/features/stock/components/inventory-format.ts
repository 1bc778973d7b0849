import type { StatusTone } from '@shared/status-tones';
import type {
  SerialHistoryEntry,
  SerialStatus,
  StockCategory,
} from '@shared/stock/stock.contracts';

// The inventory page's words for the catalogue's categories, a serial's status and its steps.

export const categoryLabels: Record<StockCategory, string> = {
  dish: 'Dish',
  router: 'Router',
  mount: 'Mount',
  pole: 'Pole',
  cable: 'Cable',
  adaptor: 'Adaptor',
  other: 'Other',
};

export const serialStatusLabels: Record<SerialStatus, string> = {
  in_stock: 'In stock',
  allocated: 'Allocated',
  installed: 'Installed',
  returned: 'Returned',
  faulty: 'Faulty',
  written_off: 'Written off',
};

export const serialStatusTones: Record<SerialStatus, StatusTone> = {
  in_stock: 'success',
  allocated: 'info',
  installed: 'neutral',
  returned: 'warning',
  faulty: 'danger',
  written_off: 'muted',
};

const order = (step: SerialHistoryEntry) => step.orderNumber ?? 'unknown';

/** One step of a serial's history in words: "Installed at order U-1001". */
export function describeStep(step: SerialHistoryEntry): string {
  switch (step.kind) {
    case 'receive':
      return `Received at ${step.to ?? 'an unknown location'}`;
    case 'transfer':
      return `Moved from ${step.from ?? '?'} to ${step.to ?? '?'}`;
    case 'allocate':
      return `Allocated to order ${order(step)} at ${step.from ?? '?'}`;
    case 'install':
      return step.swap
        ? `Swapped in: installed at order ${order(step)}`
        : `Installed at order ${order(step)}`;
    case 'return':
      return step.from
        ? `Returned from ${step.from} to ${step.to ?? '?'}`
        : `Returned from the customer (order ${order(step)}) to ${step.to ?? '?'}`;
    case 'mark_faulty':
      return step.swap
        ? `Swapped out at order ${order(step)}: marked faulty, back to ${step.to ?? '?'}`
        : `Marked faulty at ${step.to ?? '?'}`;
    case 'write_off':
      return `Written off at ${step.from ?? '?'}`;
    case 'adjustment':
      return `Stock-take adjustment at ${step.from ?? step.to ?? '?'}`;
  }
}

/** "Satcom Ltd, delivery note DN-1" and the reason, when a step has them. */
export function stepDetails(step: SerialHistoryEntry): string | null {
  const parts = [
    step.supplier ? `Supplier ${step.supplier}` : null,
    step.deliveryNote ? `delivery note ${step.deliveryNote}` : null,
    step.reason ? `reason: ${step.reason}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}
