import { firstAvailableDate } from '@shared/customer-links/customer-answers.contracts';
import { availabilityOf } from '../../customer-links/customer-form-lookup.service';
import { effect } from './action-effect';

/**
 * The status change and its event; from the customer form, the event names what was sent.
 * When the order has no requested date, the customer's first available date becomes it
 * (issue 24, decision 072): a date the office or partner gave is kept.
 */
export const submitCustomerFormEffect = effect(({ body, order }) => {
  if (!body.customerForm) return {};
  const first = firstAvailableDate(availabilityOf(body.customerForm.availability));
  const fill = !order.requestedDate && first ? { requestedDate: first } : null;
  return {
    data: { ...body.customerForm, ...(fill ?? {}) },
    ...(fill ? { values: fill } : {}),
  };
});
