import { effect } from './action-effect';

/** The kit status change and its event are the whole effect. */
export const markKitCustomerSuppliedEffect = effect(() => ({}));
