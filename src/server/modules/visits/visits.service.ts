// The visits a viewer may see (their contractor's, their own as engineer, all for back office).
export { listVisits } from '../orders/projections/visit-list.projection';
// The day's reminders.
export { listScheduledVisitsOn } from './visits.repository';
// Issue 13: the completed installation for the customer's portal (the portal proves who asks).
export { certificateReply } from './certificate.service';
export { orderSummary } from './installation.service';
