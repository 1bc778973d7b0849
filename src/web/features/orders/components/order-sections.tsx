import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { failureReasonLabels, visitSlotLabels } from '@shared/orders/order-status';
import {
  orderEventWords,
  serialsInWords,
  statusChangeWords,
  visitStatusLabels,
} from '@shared/status-words';
import type { OrderDetail, OrderEvent } from '@shared/orders/orders.contracts';
import type { Visit } from '@shared/visits/visits.contracts';
import { offDayCheckInWords } from '@shared/visits/off-day-check-in';
import { timelineText, type TimelineNames } from '@shared/orders/timeline-text';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { formatDate, formatDateTime } from '@web/lib/format-date';
import { formatPence } from '@web/lib/money';
import { StatusBadge } from '@web/components/status-badge';
import { EmailText } from '@web/components/responsive-list';
import { londonDateOf } from '@shared/london-date';

/** A label and its value, as a definition list row. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1 text-sm print:grid-cols-[10rem_1fr]">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children ?? '—'}</dd>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="break-inside-avoid print:border-slate-400 print:shadow-none">
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">{title}</h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * Back office: serials the engineer recorded that were not in their van (issue 20), still open.
 * They are resolved on stock management; the order detail answer carries them.
 */
export function FieldFlagsWarning({ order }: { order: OrderDetail }) {
  const open = (order.fieldFlags ?? []).filter((flag) => flag.status === 'open');
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="field-flags-warning-heading"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 id="field-flags-warning-heading" className="mb-1 font-semibold">
        Serials from the field to resolve
      </h2>
      <ul className="grid list-disc gap-1 pl-5">
        {open.map((flag) => (
          <li key={flag.id} className="break-words">
            Serial {flag.serial} recorded by the engineer: {flag.problem}
          </li>
        ))}
      </ul>
      <Link
        href="/admin/stock-management"
        className="mt-2 inline-block text-brand-700 underline hover:no-underline"
      >
        Resolve them in stock management
      </Link>
    </section>
  );
}

export function CustomerSection({ order, link }: { order: OrderDetail; link?: ReactNode }) {
  const c = order.customer;
  const a = c.address;
  return (
    <Section title="Customer">
      <dl>
        <Fact label="Name">
          {c.firstName} {c.lastName} <span className="text-slate-500">({c.reference})</span>
        </Fact>
        <Fact label="Validation">
          <StatusBadge kind="customer" status={c.validationStatus} />
          {c.rejectionReason && <span className="ml-2 text-slate-600">{c.rejectionReason}</span>}
        </Fact>
        <Fact label="Email">
          {c.email ? <EmailText email={c.email} className="text-sm text-slate-900" /> : '—'}
        </Fact>
        <Fact label="Phone">{c.phone ? <a href={`tel:${c.phone}`}>{c.phone}</a> : '—'}</Fact>
        <Fact label="Address">
          <address className="not-italic">
            {[a.line1, a.line2, a.town, a.county, a.postcode].filter(Boolean).join(', ')}
          </address>
        </Fact>
        {c.notes && <Fact label="Notes">{c.notes}</Fact>}
      </dl>
      {link && <div className="mt-2 print:hidden">{link}</div>}
    </Section>
  );
}

export function KitSection({ order }: { order: OrderDetail }) {
  return (
    <Section title="Kit">
      <dl>
        <Fact label="Status">
          <StatusBadge kind="kit" status={order.kitStatus} />
        </Fact>
        <Fact label="Courier">{order.courier ?? '—'}</Fact>
        <Fact label="Tracking">{order.trackingNumber ?? '—'}</Fact>
        <Fact label="Dispatched">{formatDateTime(order.kitDispatchedAt)}</Fact>
        <Fact label="Arrived">{formatDateTime(order.kitArrivedAt)}</Fact>
      </dl>
    </Section>
  );
}

const assignmentLabels = {
  unassigned: 'No contractor',
  offered: 'Offered, awaiting acceptance',
  accepted: 'Accepted',
} as const;

export function ContractorSection({ order }: { order: OrderDetail }) {
  return (
    <Section title="Contractor">
      {order.contractor ? (
        <dl>
          <Fact label="Company">{order.contractor.name}</Fact>
          <Fact label="Assignment">{assignmentLabels[order.assignmentState]}</Fact>
          <Fact label="Email">
            <EmailText email={order.contractor.contactEmail} className="text-sm text-slate-900" />
          </Fact>
          <Fact label="Phone">{order.contractor.contactPhone ?? '—'}</Fact>
          <Fact label="Offered">{formatDateTime(order.contractorOfferedAt)}</Fact>
          <Fact label="Accepted">{formatDateTime(order.contractorAcceptedAt)}</Fact>
        </dl>
      ) : (
        <p className="text-sm text-slate-600">Not assigned to a contractor yet.</p>
      )}
    </Section>
  );
}

export function MoneySection({ order }: { order: OrderDetail }) {
  return (
    <Section title="Order">
      <dl>
        <Fact label="Partner">{order.partner.name}</Fact>
        <Fact label="Partner ref.">{order.partnerReference ?? '—'}</Fact>
        <Fact label="Job type">{order.jobType.name}</Fact>
        {order.pricePence !== undefined && (
          <Fact label="Price">{formatPence(order.pricePence)}</Fact>
        )}
        <Fact label="Payout">{formatPence(order.payoutPence)}</Fact>
        <Fact label="Requested">{formatDate(order.requestedDate)}</Fact>
        <Fact label="Received">{formatDateTime(order.receivedAt)}</Fact>
        <Fact label="SLA">
          {order.slaTargetDays} days, due {formatDateTime(order.slaDueAt)}
        </Fact>
        {order.completedAt && <Fact label="Completed">{formatDateTime(order.completedAt)}</Fact>}
        {order.closedAt && <Fact label="Closed">{formatDateTime(order.closedAt)}</Fact>}
        {order.cancelledAt && (
          <Fact label="Cancelled">
            {formatDateTime(order.cancelledAt)}
            {order.cancellationReason ? ` — ${order.cancellationReason}` : ''}
          </Fact>
        )}
        {order.notes && <Fact label="Notes">{order.notes}</Fact>}
      </dl>
    </Section>
  );
}

export function VisitCard({ visit, index }: { visit: Visit; index: number }) {
  const serials = serialsInWords(visit.serials);
  return (
    <li className="break-inside-avoid rounded-md border border-slate-200 p-3 print:border-slate-400">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-slate-900">
          Visit {index + 1}: {formatDate(visit.scheduledDate)}, {visitSlotLabels[visit.slot]}
        </h3>
        <Badge
          variant={
            visit.status === 'completed'
              ? 'success'
              : visit.status === 'failed'
                ? 'destructive'
                : 'secondary'
          }
        >
          {visitStatusLabels[visit.status]}
        </Badge>
      </div>
      <dl className="mt-2">
        <Fact label="Engineer">
          {visit.engineer.firstName} {visit.engineer.lastName}
        </Fact>
        <Fact label="Checked in">{formatDateTime(visit.checkedInAt)}</Fact>
        {visit.checkedInAt && visit.checkInOffDayReason && (
          <Fact label="Not the booked day">
            {offDayCheckInWords(
              londonDateOf(new Date(visit.checkedInAt)),
              visit.scheduledDate,
              visit.checkInOffDayReason,
            )}
          </Fact>
        )}
        <Fact label="Checked out">{formatDateTime(visit.checkedOutAt)}</Fact>
        {visit.outcome && (
          <Fact label="Outcome">
            {visit.outcome === 'completed' ? 'Completed' : 'Failed'}
            {visit.failureReason ? ` — ${failureReasonLabels[visit.failureReason]}` : ''}
          </Fact>
        )}
        {visit.outcomeNotes && <Fact label="Notes">{visit.outcomeNotes}</Fact>}
        {serials && <Fact label="Serials">{serials}</Fact>}
        {visit.customerSignOffName && (
          <Fact label="Signed off by">{visit.customerSignOffName}</Fact>
        )}
        {visit.kitOverrideReason && <Fact label="Kit override">{visit.kitOverrideReason}</Fact>}
      </dl>
    </li>
  );
}

export function VisitsSection({ order }: { order: OrderDetail }) {
  return (
    <Section title="Visits">
      {order.visits.length === 0 ? (
        <p className="text-sm text-slate-600">No visit scheduled yet.</p>
      ) : (
        <ol className="grid gap-2">
          {order.visits.map((visit, index) => (
            <VisitCard key={visit.id} visit={visit} index={index} />
          ))}
        </ol>
      )}
    </Section>
  );
}

/** What an event did, in words: "Put on hold", "Order created", "Customer form submitted". */
export function eventTitle(event: Pick<OrderEvent, 'type'>): string {
  return orderEventWords(event.type);
}

/** The names the timeline's sentences need, from what the order detail already carries. */
function timelineNames(
  order: Pick<OrderDetail, 'visits' | 'contractor' | 'jobType'> | undefined,
): TimelineNames {
  const engineers = new Map(
    (order?.visits ?? []).map((visit) => [
      visit.engineer.id,
      `${visit.engineer.firstName} ${visit.engineer.lastName}`,
    ]),
  );
  return {
    engineerName: (id) => engineers.get(id),
    contractorName: (id) => (order?.contractor?.id === id ? order.contractor.name : undefined),
    jobTypeName: (id) => (order?.jobType.id === id ? order.jobType.name : undefined),
  };
}

export function Timeline({
  events,
  order,
}: {
  events: OrderEvent[];
  order?: Pick<OrderDetail, 'visits' | 'contractor' | 'jobType'>;
}) {
  const newestFirst = [...events].reverse();
  const names = timelineNames(order);
  return (
    <Section title="Timeline">
      {newestFirst.length === 0 ? (
        <p className="text-sm text-slate-600">No events yet.</p>
      ) : (
        <ol className="grid gap-3 border-l-2 border-slate-200 pl-4" aria-label="Order timeline">
          {newestFirst.map((event) => (
            <li key={event.id} className="relative break-inside-avoid">
              <span
                aria-hidden="true"
                className="absolute top-1.5 -left-[1.4rem] size-2.5 rounded-full bg-brand-500"
              />
              <p className="text-sm text-slate-900">{timelineText(event, names)}</p>
              <p className="text-xs text-slate-500">
                <span className="font-medium text-slate-600">{eventTitle(event)}</span>
                {' · '}
                <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                {event.actor ? ` · ${event.actor.name}` : ''}
                {event.fromStatus !== event.toStatus && event.toStatus
                  ? ` · ${statusChangeWords(event.toStatus)}`
                  : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
