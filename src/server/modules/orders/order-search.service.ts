import type { Database } from '../../db/client';
import type { orderSearchText } from '@shared/orders/order-search';
import { updateSearchTextOfCustomerOrders } from './orders.repository';

// An order's search text holds its customer's name, postcode, email and phone (decision 011):
// the customers module rewrites it in the transaction that changes them. Apart from
// orders.service, which itself uses the customers module, so that customers can call it without
// an import loop.

/** Rewrites the search text of the customer's orders, in the caller's transaction. */
export async function refreshCustomerOrdersSearchText(
  tx: Database,
  customerId: string,
  customer: Parameters<typeof orderSearchText>[1],
) {
  await updateSearchTextOfCustomerOrders(tx, customerId, customer);
}
