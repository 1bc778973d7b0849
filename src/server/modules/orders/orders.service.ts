// The orders module's service: what routes and other modules call. Each job has its own file:
// list, CSV, detail, create, update, and the lifecycle actions (whose effects live in actions/).
export { listOrdersForViewer } from './order-list.service';
export { csvExportLimit, exportOrdersCsv } from './order-csv.service';
export { canSeeOrder, getOrderDetail, getOrderDetailByNumber } from './order-detail.service';
export { createOrder } from './order-create.service';
export { createIntakeOrder } from './order-intake.service';
export { updateOrder } from './order-update.service';
export { performOrderAction, type AnyActionBody } from './order-actions.service';
export type { ChangeActor } from './order-change';
export { assignmentState, toEvent, toListItem } from './order-views';
export { viewerOf, type Viewer } from './order-access';
export { recordCustomerRequest } from './order-requests.service';
