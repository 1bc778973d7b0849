// Issue 11: order events as sentences for the customer's own portal. Only what the customer may
// know: no prices, payouts, contractor names, internal notes or reasons written for staff.
import type { KitStatus, OrderStatus } from '../orders/order-status';
import { formatUkDay } from '../orders/timeline-text';

export const customerStageText: Record<OrderStatus, string> = {
  received: 'We have your order. Please fill in the customer form we sent you.',
  customer_submitted: 'Thank you for your details. We are checking them.',
  validated: 'Your details are checked. We are finding an installer near you.',
  assigned: 'An installer has your order and will arrange a visit.',
  scheduled: 'Your installation is booked.',
  in_progress: 'Your engineer is with you now.',
  revisit_required: 'We need to visit again. We will be in touch to book a new date.',
  completed: 'Your installation is complete.',
  closed: 'Your installation is complete.',
  on_hold: 'Your order is paused for the moment. We will be in touch.',
  cancelled: 'Your order has been cancelled.',
};

export const customerKitText: Record<KitStatus, string> = {
  awaiting_dispatch: 'Your kit will be sent soon.',
  dispatched: 'Your kit is on its way.',
  arrived: 'Your kit has arrived.',
  customer_supplied: 'You are supplying your own kit.',
};

const slotWords: Record<string, string> = { am: 'morning', pm: 'afternoon', all_day: 'all day' };

export type CustomerTimelineEvent = {
  type: string;
  toStatus: OrderStatus | null;
  data: Record<string, unknown>;
};

/** The sentence for one event, or null when it is not the customer's business. */
export function customerTimelineText(event: CustomerTimelineEvent): string | null {
  const date = typeof event.data.date === 'string' ? formatUkDay(event.data.date) : null;
  const slot = typeof event.data.slot === 'string' ? slotWords[event.data.slot] : undefined;
  const when = date ? `${date}${slot ? `, ${slot}` : ''}` : null;
  switch (event.type) {
    case 'created':
      return 'Order received.';
    case 'submit_customer_form':
      return 'You sent us your details.';
    case 'validate':
      return 'Your details were checked.';
    case 'accept':
      return 'An installer took on your order.';
    case 'schedule':
      return when ? `Installation booked for ${when}.` : 'Installation booked.';
    case 'reschedule':
      return when ? `Installation moved to ${when}.` : 'Installation date changed.';
    case 'unschedule':
      return 'Your installation appointment was cancelled; we will book a new one.';
    case 'check_in':
      return 'Your engineer arrived.';
    case 'complete':
      return 'Installation complete.';
    case 'fail':
      return 'The visit could not be completed; we will book another.';
    case 'hold':
      return 'Your order was paused.';
    case 'resume':
      return 'Your order is moving again.';
    case 'cancel':
      return 'Your order was cancelled.';
    case 'dispatch_kit':
      return 'Your kit was sent.';
    case 'confirm_kit_arrived':
      return 'Your kit arrived.';
    case 'mark_kit_customer_supplied':
      return 'You are supplying your own kit.';
    case 'reschedule_requested':
      return 'You asked to change the installation date.';
    default:
      return null;
  }
}
