// The dashboard's figures over every order: how many in each status, against their SLA, waiting
// for kit or a contractor, and the latest events.
export {
  awaitingAssignment,
  kitCounts,
  ordersByStatus,
  recentEvents,
  slaCounts,
} from './order-counts.repository';
