import { effect } from './action-effect';

/** The status change and its event are the whole effect. */
export const submitCustomerFormEffect = effect(() => ({}));
