import { effect } from './action-effect';

/** Remembers the status the order left, so `resume` returns to it. */
export const holdEffect = effect(({ order }) => ({ values: { holdFromStatus: order.status } }));
