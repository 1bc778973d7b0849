import { effect } from './action-effect';

export const confirmKitArrivedEffect = effect(({ now, body }) => ({
  values: { kitArrivedAt: now },
  data: body.kitArrival ? { ...body.kitArrival } : {},
}));
