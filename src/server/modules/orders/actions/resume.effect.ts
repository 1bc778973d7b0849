import { effect } from './action-effect';

export const resumeEffect = effect(() => ({ values: { holdFromStatus: null } }));
