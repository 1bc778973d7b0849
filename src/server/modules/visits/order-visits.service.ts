// What the orders module may do with visits: its lifecycle actions book, move, start, end and
// cancel them in the action's transaction, and the order's visibility asks whether an engineer
// has one. Apart from visits.service, which itself reads through the orders module, so that
// orders can reach visits without an import loop.
export {
  cancelActiveVisits,
  engineerHasVisit,
  findVisitRowsOfOrder,
  insertVisit,
  updateVisit,
  type VisitRow,
} from './order-visits.repository';
