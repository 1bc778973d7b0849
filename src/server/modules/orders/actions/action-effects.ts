import type { LifecycleAction } from '@shared/orders/order-lifecycle';
import { acceptEffect } from './accept.effect';
import type { ActionEffect } from './action-effect';
import { assignEffect } from './assign.effect';
import { cancelEffect } from './cancel.effect';
import { checkInEffect } from './check-in.effect';
import { closeEffect } from './close.effect';
import { completeEffect } from './complete.effect';
import { confirmKitArrivedEffect } from './confirm-kit-arrived.effect';
import { declineEffect } from './decline.effect';
import { dispatchKitEffect } from './dispatch-kit.effect';
import { failEffect } from './fail.effect';
import { holdEffect } from './hold.effect';
import { markKitCustomerSuppliedEffect } from './mark-kit-customer-supplied.effect';
import { rescheduleEffect } from './reschedule.effect';
import { resumeEffect } from './resume.effect';
import { scheduleEffect } from './schedule.effect';
import { submitCustomerFormEffect } from './submit-customer-form.effect';
import { unassignEffect } from './unassign.effect';
import { unscheduleEffect } from './unschedule.effect';
import { validateEffect } from './validate.effect';

/** Each lifecycle action's effect; the type demands one for every action (decision 017). */
export const actionEffects: Record<LifecycleAction, ActionEffect> = {
  validate: validateEffect,
  assign: assignEffect,
  unassign: unassignEffect,
  accept: acceptEffect,
  decline: declineEffect,
  schedule: scheduleEffect,
  reschedule: rescheduleEffect,
  unschedule: unscheduleEffect,
  check_in: checkInEffect,
  complete: completeEffect,
  fail: failEffect,
  close: closeEffect,
  hold: holdEffect,
  resume: resumeEffect,
  cancel: cancelEffect,
  dispatch_kit: dispatchKitEffect,
  confirm_kit_arrived: confirmKitArrivedEffect,
  submit_customer_form: submitCustomerFormEffect,
  mark_kit_customer_supplied: markKitCustomerSuppliedEffect,
};
