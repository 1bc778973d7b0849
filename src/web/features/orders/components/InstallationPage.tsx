import type { RouteComponentProps } from 'wouter';
import { useOrder } from '@web/api/orders/get-order';
import { PrintableOrder } from './PrintableOrder';
import { CustomerSection, KitSection, VisitCard, Section } from './OrderSections';

/**
 * /installation/:orderId: the installation record — where, what kit, and each visit with what
 * the engineer recorded (the engineer app fills the record in; until then visits show their
 * schedule and outcome).
 */
export default function InstallationPage({ params }: RouteComponentProps) {
  const order = useOrder(params.orderId ?? '');
  return (
    <PrintableOrder title="Installation details" query={order}>
      {(o) => (
        <>
          <div className="grid gap-4 md:grid-cols-2 print:grid-cols-2">
            <CustomerSection order={o} />
            <KitSection order={o} />
          </div>
          <Section title="Installation visits">
            <p className="mb-2 text-sm text-slate-600">
              {o.jobType.name}
              {o.contractor ? ` · ${o.contractor.name}` : ' · no contractor yet'}
            </p>
            {o.visits.length === 0 ? (
              <p className="text-sm text-slate-600">No visit scheduled yet.</p>
            ) : (
              <ol className="grid gap-2">
                {o.visits.map((visit, index) => (
                  <VisitCard key={visit.id} visit={visit} index={index} />
                ))}
              </ol>
            )}
          </Section>
        </>
      )}
    </PrintableOrder>
  );
}
