import { eq } from 'drizzle-orm';
import { customers } from '../../customers/customers.schema';
import { jobTypes } from '../../job-types/job-types.schema';
import { visits } from '../../visits/visits.schema';
import { orders } from '../orders.schema';

// An order as the field's lists show it (the dispatch board, the visits list, the contractor's
// dashboard): its job type and where and for whom the job is. The projections built on it pick
// the other columns they need and join with these conditions.

/** The job type's name and the customer's name and place. */
export const jobLineColumns = {
  jobTypeName: jobTypes.name,
  firstName: customers.firstName,
  lastName: customers.lastName,
  postcode: customers.postcode,
  town: customers.town,
};

/** An order as the contractor's lists show it: its state, job line and the customer's date. */
export const orderLineColumns = {
  orderNumber: orders.orderNumber,
  status: orders.status,
  kitStatus: orders.kitStatus,
  ...jobLineColumns,
  requestedDate: orders.requestedDate,
};

/** The customer's name and how to reach them, as the engineer and the customer's pages read it. */
export const customerContactColumns = {
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  addressLine1: customers.addressLine1,
  addressLine2: customers.addressLine2,
  town: customers.town,
  postcode: customers.postcode,
};

/** The customer's name as one line. */
export const customerNameOf = (row: { firstName: string; lastName: string }) =>
  `${row.firstName} ${row.lastName}`.trim();

export const orderOfVisit = eq(orders.id, visits.orderId);
export const customerOfOrder = eq(customers.id, orders.customerId);
export const jobTypeOfOrder = eq(jobTypes.id, orders.jobTypeId);
