import { effect } from './action-effect';

export const dispatchKitEffect = effect(({ body, now }) => ({
  values: { courier: body.courier!, trackingNumber: body.trackingNumber!, kitDispatchedAt: now },
  data: { courier: body.courier, trackingNumber: body.trackingNumber },
}));
