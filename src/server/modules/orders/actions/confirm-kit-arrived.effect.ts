import { effect } from './action-effect';

export const confirmKitArrivedEffect = effect(({ now }) => ({ values: { kitArrivedAt: now } }));
