import { format, parseISO } from 'date-fns';
import { ArrowLeft, CheckCircle2, Download, Pencil, ShieldOff, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, type RouteComponentProps } from 'wouter';
import { kitStatusLabels } from '@shared/orders/order-status';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { Skeleton } from '@web/components/ui/skeleton';
import { toast } from '@web/components/ui/use-toast';
import { commonErrorCodes } from '@shared/api-error';
import { errorCode, errorMessage } from '@web/lib/api-client';
import { useCustomer } from '@web/api/customers/get-customer';
import { useValidateCustomer } from '@web/api/customers/validate-customer';
import { exportCustomerDataUrl } from '@web/api/customers/export-data';
import { showServerError } from '@web/lib/show-server-error';
import { EditCustomerDialog } from './edit-customer-dialog';
import { RejectCustomerDialog } from './reject-customer-dialog';
import { AnonymiseCustomerDialog } from './anonymise-customer-dialog';
import { PageLayout } from '@web/components/page-layout';
import { StatusBadge } from '@web/components/status-badge';
import { EmailText } from '@web/components/responsive-list';
import { CustomerAnswers } from '@web/components/customer-answers';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** /customers/:id: the customer, their orders; edit, validate, reject, export or anonymise. */
export default function CustomerDetailPage({ params }: RouteComponentProps) {
  const id = params.id ?? '';
  const customer = useCustomer(id);
  const validate = useValidateCustomer(id);
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [anonymising, setAnonymising] = useState(false);

  if (customer.isPending) {
    return (
      <div className="grid gap-3" role="status" aria-label="Loading customer">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48" />
      </div>
    );
  }
  if (customer.isError) {
    const notFound = errorCode(customer.error) === commonErrorCodes.notFound;
    return (
      <EmptyState title={notFound ? 'Customer not found' : 'The customer could not be loaded'}>
        {errorMessage(customer.error, customer.error.message)}
      </EmptyState>
    );
  }
  const c = customer.data;

  async function handleValidate() {
    try {
      await validate.mutateAsync();
      toast({ title: 'Customer validated', description: `${c.reference} is validated.` });
    } catch (error) {
      showServerError(error, { title: 'Could not validate the customer' });
    }
  }

  return (
    <PageLayout width="medium">
      <Link
        href="/customers"
        className="inline-flex w-fit items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Customers
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
            {c.firstName} {c.lastName}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {c.reference} <StatusBadge kind="customer" status={c.validationStatus} />
          </p>
          {c.rejectionReason && c.validationStatus === 'rejected' && (
            <p className="text-sm text-red-700">Rejected: {c.rejectionReason}</p>
          )}
          {c.anonymisedAt && (
            <p role="status" className="text-sm text-slate-700">
              Anonymised on {format(parseISO(c.anonymisedAt), 'd MMM yyyy')}: personal details
              removed.
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={exportCustomerDataUrl(c.id)} download>
              <Download aria-hidden="true" />
              Export data
            </a>
          </Button>
          {!c.anonymisedAt && (
            <Button variant="outline" size="sm" onClick={() => setAnonymising(true)}>
              <ShieldOff aria-hidden="true" />
              Anonymise
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit customer
          </Button>
          {c.validationStatus !== 'validated' && (
            <Button size="sm" onClick={() => void handleValidate()} disabled={validate.isPending}>
              <CheckCircle2 aria-hidden="true" />
              Validate customer
            </Button>
          )}
          {c.validationStatus !== 'rejected' && (
            <Button variant="destructive" size="sm" onClick={() => setRejecting(true)}>
              <XCircle aria-hidden="true" />
              Reject customer
            </Button>
          )}
        </div>
      </div>

      <div className="grid gap-4 lg:grid-cols-[2fr_3fr]">
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Details</h2>
          </CardHeader>
          <CardContent>
            <dl>
              <Fact label="Email">
                {c.email ? <EmailText email={c.email} className="text-sm text-slate-900" /> : '—'}
              </Fact>
              <Fact label="Phone">{c.phone ?? '—'}</Fact>
              <Fact label="Address">
                <address className="not-italic">
                  {[c.address.line1, c.address.line2, c.address.town, c.address.county]
                    .filter(Boolean)
                    .join(', ')}
                  <br />
                  {c.address.postcode}
                </address>
              </Fact>
              {c.latitude !== null && c.longitude !== null && (
                <Fact label="Position">
                  {c.latitude.toFixed(5)}, {c.longitude.toFixed(5)}
                </Fact>
              )}
              <Fact label="Notes">{c.notes ?? '—'}</Fact>
              <Fact label="Created">{format(parseISO(c.createdAt), 'd MMM yyyy')}</Fact>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-base font-semibold">Orders ({c.orders.length})</h2>
          </CardHeader>
          <CardContent>
            {c.orders.length === 0 ? (
              <p className="text-sm text-slate-600">No orders.</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {c.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <div className="text-sm">
                      <Link
                        href={`/orders/${o.id}`}
                        className="font-medium whitespace-nowrap text-brand-700 hover:underline"
                      >
                        {o.orderNumber}
                      </Link>
                      <div className="text-xs text-slate-500">
                        {o.partnerName} · {o.jobTypeName} ·{' '}
                        {format(parseISO(o.receivedAt), 'd MMM yyyy')}
                      </div>
                    </div>
                    <div className="flex gap-1.5">
                      <StatusBadge kind="order" status={o.status} />
                      <StatusBadge kind="kit" status={o.kitStatus}>
                        Kit: {kitStatusLabels[o.kitStatus]}
                      </StatusBadge>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <h2 className="text-base font-semibold">From the customer</h2>
        </CardHeader>
        <CardContent className="grid gap-4">
          {(c.customerAnswers ?? []).length === 0 ? (
            <CustomerAnswers answers={null} />
          ) : (
            c.customerAnswers!.map((sent) => (
              <section key={sent.orderId} aria-label={`Customer form for ${sent.orderNumber}`}>
                <h3 className="text-sm font-semibold text-slate-700">
                  For order{' '}
                  <Link href={`/orders/${sent.orderId}`} className="text-brand-700 hover:underline">
                    {sent.orderNumber}
                  </Link>
                </h3>
                <CustomerAnswers answers={sent.answers} />
              </section>
            ))
          )}
        </CardContent>
      </Card>

      <EditCustomerDialog customer={c} open={editing} onOpenChange={setEditing} />
      <RejectCustomerDialog customer={c} open={rejecting} onOpenChange={setRejecting} />
      <AnonymiseCustomerDialog customer={c} open={anonymising} onOpenChange={setAnonymising} />
    </PageLayout>
  );
}
