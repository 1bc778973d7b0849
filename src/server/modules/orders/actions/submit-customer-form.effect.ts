import { effect } from './action-effect';

/** The status change and its event; from the customer form, the event names what was sent. */
export const submitCustomerFormEffect = effect(({ body }) =>
  body.customerForm ? { data: { ...body.customerForm } } : {},
);
