// What other modules may ask of the orders' own rows and events. Apart from orders.service,
// which loads the order actions and their effects on other modules, so that those modules can
// read orders without an import loop.
export { findOrderNumbers, findOrderReference, findOrderScope } from './orders.repository';
export {
  completedBetween,
  findKitArrivedSerial,
  isCompanyOrder,
  listOrderEventsForCustomer,
  listOrdersTurnedAtRisk,
} from './order-lookup.repository';
export { findOrderIdByNumber } from './orders.repository';
