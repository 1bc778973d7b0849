import { format, parseISO } from 'date-fns';
import { CalendarDays, CheckCircle2, MessageSquareText, Package, Plus, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useLocation, useSearch, type RouteComponentProps } from 'wouter';
import { availabilitySlotLabels } from '@shared/customer-links/customer-form.contracts';
import type { PortalView } from '@shared/customer-links/portal.contracts';
import {
  portalProofBody,
  rescheduleRequestBody,
  type RescheduleRequestBody,
} from '@shared/customer-links/portal.contracts';
import { commonErrorCodes, customerJourneyErrorCodes } from '@shared/error-codes';
import { offlineSendMessage, waitingToSendLabel } from '@shared/customer-links/send-words';
import { formatUkDay } from '@shared/orders/timeline-text';
import { ukDateHint } from '@shared/schema/uk-date';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { CompanyLogo } from '@web/components/company-logo';
import { usePublicCompany } from '@web/api/settings/get-public-company';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { DateField } from '@web/components/ui/date-input';
import { Input } from '@web/components/ui/input';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { usePortal } from '@web/api/customer-links/get-portal';
import { useProvePortal } from '@web/api/customer-links/prove-portal';
import { useRequestPortalLink } from '@web/api/customer-links/request-portal-link';
import { useRequestReschedule } from '@web/api/customer-links/request-reschedule';
import { errorCode, errorMessage, HttpError } from '@web/lib/api-client';
import { bodyResolver } from '@web/lib/body-resolver';
import { placeServerDetails } from '@web/lib/show-server-error';
import { LoadFailed, CompanyContactCard } from './link-pieces';
import { TrackingLine } from './kit-arrived-page';

export default function CustomerPortalPage({ params }: RouteComponentProps) {
  const orderNumber = params.orderNumber ?? '';
  const search = useSearch();
  const query = new URLSearchParams(search);
  // With a signed link, the order is read only once the link has opened the portal: read at the
  // same time, it would race the link's cookie and ask for the postcode.
  const portal = usePortal(orderNumber, { enabled: !(query.get('e') && query.get('s')) });
  const prove = useProvePortal(orderNumber);
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

type ProofValues = { postcode: string };
const proofResolver = zodResolver(portalProofBody, undefined, { raw: true });

function PostcodeStep({ orderNumber, linkFailed }: { orderNumber: string; linkFailed: boolean }) {
  const prove = useProvePortal(orderNumber);
  const company = usePublicCompany();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProofValues>({ resolver: proofResolver, defaultValues: { postcode: '' } });
  // Too many wrong postcodes for this order (whoever typed them): only a link lets them in now.
  const [locked, setLocked] = useState(false);
  const refuse = (message: string) => setError('postcode', { type: 'server', message });

  const submit = handleSubmit(async (values) => {
    try {
      await prove.mutateAsync(values);
    } catch (failure) {
      const code = errorCode(failure);
      if (code === customerJourneyErrorCodes.portalProofFailed) {
        refuse('That postcode does not match this order number. Please check both and try again.');
      } else if (code === commonErrorCodes.rateLimited) {
        setLocked(true);
        refuse(
          'Too many wrong postcodes have been tried for this order, so it is locked for a while. You can still get in: ask for a link below.',
        );
      } else {
        refuse(
          failure instanceof HttpError
            ? errorMessage(failure, 'Please try again.')
            : 'We could not reach our server. Please try again.',
        );
      }
    }
  });

  return (
    <PageLayout width="narrow">
      {company.data && <CompanyLogo company={company.data} />}
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
        <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-4">
          <FormField label="Postcode" required error={errors.postcode?.message}>
            {(f) => (
              <Input
                {...f}
                autoComplete="postal-code"
                autoCapitalize="characters"
                {...register('postcode')}
              />
            )}
          </FormField>
          <Button type="submit" disabled={prove.isPending}>
            {prove.isPending ? 'Checking…' : 'Show my order'}
          </Button>
        </form>
      </Card>
      <SendLinkCard orderNumber={orderNumber} locked={locked} />
    </PageLayout>
  );
}

/**
 * Issue 18: the way in when the postcode is refused (a locked order) or not known. The link
 * goes to the mobile and email we hold; the answer is the same for any order number.
 */
function SendLinkCard({ orderNumber, locked }: { orderNumber: string; locked: boolean }) {
  const request = useRequestPortalLink(orderNumber);
  const [error, setError] = useState<string | undefined>();

  async function handleSend() {
    setError(undefined);
    try {
      await request.mutateAsync();
    } catch (failure) {
      setError(
        errorCode(failure) === commonErrorCodes.rateLimited
          ? 'You have asked for several links already. Please check your texts and email, or try again in 15 minutes.'
          : failure instanceof HttpError
            ? errorMessage(failure, 'We could not send a link. Please try again.')
            : 'We could not reach our server. Please try again.',
      );
    }
  }

  return (
    <Card className="grid gap-3 p-4">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MessageSquareText aria-hidden="true" className="size-5 text-brand-600" />
        {locked ? 'Get in with a link instead' : 'Postcode not working?'}
      </h2>
      <p className="text-sm text-slate-700">
        We can text and email you a link that opens this order, to the mobile number and email
        address we hold for it.
      </p>
      {request.isSuccess ? (
        <p
          role="status"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          If {orderNumber} is one of our orders, a link is on its way to the mobile number and email
          address we hold for it. It can take a few minutes to arrive.
        </p>
      ) : (
        <div>
          <Button
            type="button"
            variant={locked ? 'default' : 'outline'}
            disabled={request.isPending}
            onClick={() => void handleSend()}
          >
            {request.isPending ? 'Sending…' : 'Send me a link'}
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </Card>
  );
}

function PortalBody({ view }: { view: PortalView }) {
  return (
    <PageLayout width="narrow">
      <CompanyLogo company={view.company} />
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
              Your equipment: {view.completion.serials.join(', ')}
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

type RescheduleValues = { dates: { value: string }[]; note: string };
const maxDates = 5;
const rescheduleResolver = bodyResolver(rescheduleRequestBody, (values: RescheduleValues) => ({
  dates: values.dates.map((date) => date.value).filter((date) => date !== ''),
  note: values.note,
}));
const rescheduleFields = [
  'dates',
  'note',
  ...Array.from({ length: maxDates }, (_, index) => `dates.${index}`),
];

function RescheduleForm({ orderNumber }: { orderNumber: string }) {
  const request = useRequestReschedule(orderNumber);
  const empty: RescheduleValues = { dates: [{ value: '' }], note: '' };
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<RescheduleValues, unknown, RescheduleRequestBody>({
    resolver: rescheduleResolver,
    defaultValues: empty,
  });
  const dates = useFieldArray({ control, name: 'dates' });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = handleSubmit(
    async (body) => {
      setFormError(null);
      try {
        await request.mutateAsync(body);
        setSent(true);
        reset(empty);
      } catch (error) {
        if (!placeServerDetails(error, setError, rescheduleFields).placed) {
          setFormError(errorMessage(error, 'We could not send your request. Please try again.'));
        }
      }
    },
    () => setFormError(null),
  );
  const datesError = errors.dates?.root?.message ?? errors.dates?.message;

  return (
    <Card className="grid gap-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Need a different date?</h2>
      <p className="text-sm text-slate-600">
        Tell us the dates that suit you and we will get back to you. Type each date as {ukDateHint},
        or choose it from the calendar.
      </p>
      {sent && (
        <p
          role="status"
          className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900"
        >
          Thank you. We have your request and will be in touch.
        </p>
      )}
      {(formError || datesError) && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formError ?? datesError}
        </p>
      )}
      <form noValidate onSubmit={(e) => void submit(e)} className="grid gap-3">
        {dates.fields.map((date, index) => (
          <div key={date.id} className="grid grid-cols-[1fr_auto] items-end gap-2">
            <DateField
              control={control}
              name={`dates.${index}.value`}
              label={`Date that suits you ${index + 1}`}
              error={errors.dates?.[index]?.message}
              emptyAs=""
              description={null}
              pickerLabel={`Choose date ${index + 1} from a calendar`}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label={`Remove date ${index + 1}`}
              disabled={dates.fields.length === 1}
              onClick={() => dates.remove(index)}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={dates.fields.length >= maxDates}
            onClick={() => dates.append({ value: '' }, { shouldFocus: false })}
          >
            <Plus aria-hidden="true" />
            Add another date
          </Button>
        </div>
        <FormField label="Note (optional)" error={errors.note?.message}>
          {(f) => <Textarea {...f} rows={3} {...register('note')} />}
        </FormField>
        <Button type="submit" disabled={request.isPending}>
          {request.isPaused
            ? waitingToSendLabel
            : request.isPending
              ? 'Sending…'
              : 'Ask to reschedule'}
        </Button>
        {request.isPaused && (
          <p role="status" className="text-sm font-medium text-amber-800">
            {offlineSendMessage}
          </p>
        )}
      </form>
    </Card>
  );
}
