import { z } from 'zod';
import { companyContactSchema } from '../customer-links/customer-form.contracts';
import { kitStatuses, orderStatuses, visitSlots, type VisitSlot } from '../orders/order-status';

// GET /api/customer/orders: what a signed-in customer may see of their own orders. Never a
// price, payout, partner or internal note.

export const customerOrderSchema = z.object({
  orderNumber: z.string(),
  status: z.enum(orderStatuses),
  kitStatus: z.enum(kitStatuses),
  /** The kind of work, e.g. 'Standard installation'. */
  jobTypeName: z.string(),
  /** The installation address on one line (the customer's own). */
  address: z.string(),
  /** The date the customer asked for, YYYY-MM-DD, if any. */
  requestedDate: z.string().nullable(),
  /** The booked visit still to happen (scheduled or under way), if any. */
  nextVisit: z
    .object({
      /** YYYY-MM-DD. */
      date: z.string(),
      slot: z.enum(visitSlots),
    })
    .nullable(),
  /** ISO timestamp the order was placed. */
  createdAt: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrdersResponse = z.object({
  items: z.array(customerOrderSchema),
  /** Who the orders are with: the /settings company, its logo included. */
  company: companyContactSchema,
});
export type CustomerOrdersResponse = z.infer<typeof customerOrdersResponse>;

/** The order's status in the customer's words. */
export const customerStatusLabels: Record<CustomerOrder['status'], string> = {
  received: 'Order received',
  customer_submitted: 'Details received',
  validated: 'Details checked',
  assigned: 'Installer assigned',
  scheduled: 'Visit booked',
  in_progress: 'Installation under way',
  revisit_required: 'Another visit needed',
  completed: 'Installed',
  closed: 'Complete',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
};

/** Where the equipment is, in the customer's words. */
export const customerKitLabels: Record<CustomerOrder['kitStatus'], string> = {
  awaiting_dispatch: 'Equipment not sent yet',
  dispatched: 'Equipment on its way',
  arrived: 'Equipment delivered',
  customer_supplied: 'Your own equipment',
};

/** The visit slot in the customer's words. */
export const customerSlotLabels: Record<VisitSlot, string> = {
  am: 'morning',
  pm: 'afternoon',
  all_day: 'all day',
};
