import { format, parseISO } from 'date-fns';
import { CalendarDays, CheckCircle2, Package, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch, type RouteComponentProps } from 'wouter';
import { availabilitySlotLabels } from '@shared/customer-journey/customer-form.contracts';
import type { PortalView } from '@shared/customer-journey/portal.contracts';
import { portalProofBody, rescheduleRequestBody } from '@shared/customer-journey/portal.contracts';
import { commonErrorCodes, customerJourneyErrorCodes } from '@shared/error-codes';
import { formatUkDay } from '@shared/orders/timeline-text';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { usePortal } from '@web/api/customer-links/get-portal';
import { useProvePortal } from '@web/api/customer-links/prove-portal';
import { useRequestReschedule } from '@web/api/customer-links/request-reschedule';
import { errorCode, errorMessage, HttpError } from '@web/lib/api-client';
import { LoadFailed, CompanyContactCard } from './LinkPieces';
import { TrackingLine } from './KitArrivedPage';

export default function CustomerPortalPage({ params }: RouteComponentProps) {
  const orderNumber = params.orderNumber ?? '';
  const portal = usePortal(orderNumber);
  const prove = useProvePortal(orderNumber);
  const search = useSearch();
  const [, navigate] = useLocation();
  const tried = useRef(false);

  // A signed link from one of our messages: prove with it once, then drop it from the address.
  useEffect(() => {
    const query = new URLSearchParams(search);
    const e = query.get('e');
    const s = query.get('s');
    if (!e || !s || tried.current) return;
    tried.current = true;
    prove.mutate(
      { e, s },
      {
        onSettled: () =>
          navigate(`/customer/${encodeURIComponent(orderNumber)}`, { replace: true }),
      },
    );
  }, [search, prove, navigate, orderNumber]);

  if (portal.isPending || prove.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading your order" />
      </div>
    );
  }
  if (portal.isError) {
    if (errorCode(portal.error) === customerJourneyErrorCodes.portalProofRequired) {
      return <PostcodeStep orderNumber={orderNumber} linkFailed={prove.isError} />;
    }
    return <LoadFailed onRetry={() => void portal.refetch()} />;
  }
  return <PortalBody view={portal.data} />;
}

function PostcodeStep({ orderNumber, linkFailed }: { orderNumber: string; linkFailed: boolean }) {
  const prove = useProvePortal(orderNumber);
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = portalProofBody.safeParse({ postcode });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(undefined);
    try {
      await prove.mutateAsync({ postcode });
    } catch (failure) {
      const code = errorCode(failure);
      if (code === customerJourneyErrorCodes.portalProofFailed) {
        setError(
          'That postcode does not match this order number. Please check both and try again.',
        );
      } else if (code === commonErrorCodes.rateLimited) {
        setError(
          errorMessage(failure, 'Too many attempts. Please wait a few minutes and try again.'),
        );
      } else {
        setError(
          failure instanceof HttpError
            ? errorMessage(failure, 'Please try again.')
            : 'We could not reach our server. Please try again.',
        );
      }
    }
  }

  return (
    <PageLayout width="narrow">
      <PageHeader
        title="Track your installation"
        description={`Order ${orderNumber}. To keep your details private, please confirm the postcode of the installation address.`}
      />
      {linkFailed && (
        <p
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          The link you followed has expired or is not complete, so please confirm your postcode
          instead.
        </p>
      )}
      <Card className="p-4">
        <form noValidate onSubmit={(e) => void handleSubmit(e)} className="grid gap-4">
          <FormField label="Postcode" required error={error}>
            {(f) => (
              <Input
                {...f}
                autoComplete="postal-code"
                autoCapitalize="characters"
                value={postcode}
                onChange={(e) => setPostcode(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={prove.isPending}>
            {prove.isPending ? 'Checking…' : 'Show my order'}
          </Button>
        </form>
      </Card>
    </PageLayout>
  );
}

function PortalBody({ view }: { view: PortalView }) {
  return (
    <PageLayout width="narrow">
      <PageHeader title={`Order ${view.orderNumber}`} description={view.stage} />
      {view.completion && (
        <Card className="grid gap-2 p-4">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CheckCircle2 aria-hidden="true" className="size-5 text-green-700" />
            Installation complete
          </h2>
          <p className="text-sm text-slate-700">
            Installed on {formatUkDay(view.completion.date)}
            {view.completion.engineerFirstName ? ` by ${view.completion.engineerFirstName}` : ''}.
          </p>
          {view.completion.serials.length > 0 && (
            <p className="text-sm text-slate-700">
              Equipment serial numbers: {view.completion.serials.join(', ')}
            </p>
          )}
          <a
            href={`/api/public/portal/${encodeURIComponent(view.orderNumber)}/certificate.pdf`}
            download
            className="text-sm font-medium text-brand-700 underline"
          >
            Download your completion certificate (PDF)
          </a>
        </Card>
      )}
      {view.appointment && (
        <Card className="grid gap-2 p-4">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CalendarDays aria-hidden="true" className="size-5 text-brand-600" />
            Your appointment
          </h2>
          <p className="text-sm text-slate-900">
            {formatUkDay(view.appointment.date)},{' '}
            {availabilitySlotLabels[view.appointment.slot].toLowerCase()}
          </p>
          {view.appointment.engineerFirstName && (
            <p className="text-sm text-slate-700">
              Your engineer: {view.appointment.engineerFirstName}
            </p>
          )}
        </Card>
      )}
      <Card className="grid gap-2 p-4">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Package aria-hidden="true" className="size-5 text-brand-600" />
          Your kit
        </h2>
        <p className="text-sm text-slate-700">{view.kit.text}</p>
        <TrackingLine {...view.kit} />
      </Card>
      <Card className="grid gap-2 p-4">
        <h2 className="text-lg font-semibold text-slate-900">What has happened so far</h2>
        <ol className="grid gap-3 border-l-2 border-slate-200 pl-4">
          {[...view.timeline].reverse().map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="grid gap-0.5">
              <span className="text-sm text-slate-900">{entry.text}</span>
              <time dateTime={entry.at} className="text-xs text-slate-600">
                {format(parseISO(entry.at), 'd MMM yyyy, HH:mm')}
              </time>
            </li>
          ))}
        </ol>
      </Card>
      {view.canRequestReschedule && <RescheduleForm orderNumber={view.orderNumber} />}
      <CompanyContactCard company={view.company} />
    </PageLayout>
  );
}

function RescheduleForm({ orderNumber }: { orderNumber: string }) {
  const request = useRequestReschedule(orderNumber);
  const [dates, setDates] = useState<string[]>(['']);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const body = { dates: dates.filter((d) => d !== ''), note };
    const parsed = rescheduleRequestBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await request.mutateAsync(body);
      setSent(true);
      setDates(['']);
      setNote('');
    } catch (error) {
      const details = error instanceof HttpError ? error.payload?.details : undefined;
      setErrors(
        details
          ? Object.fromEntries(Object.entries(details).map(([k, v]) => [k, v[0]!]))
          : { form: errorMessage(error, 'We could not send your request. Please try again.') },
      );
    }
  }

  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Need a different date?</h2>
      <p className="text-sm text-slate-600">
        Tell us the dates that suit you and we will get back to you.
      </p>
      {sent && (
        <p
          role="status"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          Thank you. We have your request and will be in touch.
        </p>
      )}
      {(errors.form || errors.dates) && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.form ?? errors.dates}
        </p>
      )}
      <form noValidate onSubmit={(e) => void handleSubmit(e)} className="grid gap-3">
        {dates.map((date, index) => (
          <div key={index} className="grid grid-cols-[1fr_auto] items-end gap-2">
            <FormField label={`Date that suits you ${index + 1}`} error={errors[`dates.${index}`]}>
              {(f) => (
                <Input
                  {...f}
                  type="date"
                  value={date}
                  onChange={(e) =>
                    setDates(dates.map((d, i) => (i === index ? e.target.value : d)))
                  }
                />
              )}
            </FormField>
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`Remove date ${index + 1}`}
              disabled={dates.length === 1}
              onClick={() => setDates(dates.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={dates.length >= 5}
            onClick={() => setDates([...dates, ''])}
          >
            <Plus aria-hidden="true" />
            Add another date
          </Button>
        </div>
        <FormField label="Note (optional)" error={errors.note}>
          {(f) => (
            <Textarea {...f} rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          )}
        </FormField>
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Ask to reschedule'}
        </Button>
      </form>
    </Card>
  );
}
