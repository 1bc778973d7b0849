import { markCustomerValidated } from '../../customers/customers.service';
import { effect } from './action-effect';

/** Validating the order validates its customer (unless already validated). */
export const validateEffect = effect(async ({ tx, customer, actor, now }) => {
  if (customer.validationStatus !== 'validated') {
    await markCustomerValidated(
      tx,
      customer.id,
      actor.kind === 'user' ? actor.viewer.userId : null,
      now,
    );
  }
  return {};
});
