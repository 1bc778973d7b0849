import { randomInt } from 'node:crypto';
import { formatOrderNumber, orderNumberCode } from '@shared/orders/order-number';

/**
 * A new order's number: the year it was received, its sequence number and a random code drawn
 * from the operating system's generator (decision 051), e.g. `UPL-2026-000124-K7QF`.
 */
export function newOrderNumber(receivedAt: Date, sequence: number): string {
  return formatOrderNumber({
    year: receivedAt.getUTCFullYear(),
    sequence,
    code: orderNumberCode((n) => randomInt(n)),
  });
}
