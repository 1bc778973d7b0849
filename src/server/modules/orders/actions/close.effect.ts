import { effect } from './action-effect';

export const closeEffect = effect(({ now }) => ({ values: { closedAt: now } }));
