import { AlertTriangle, CheckCircle2, Plus, Trash2 } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  get,
  useFieldArray,
  useForm,
  useWatch,
  type FieldError,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { RouteComponentProps } from 'wouter';
import {
  availabilitySlotLabels,
  availabilitySlotsOffered,
  defaultAvailabilitySlot,
  customerFormSchema,
  linkPhotoLimits,
  listedAnswerLabels,
  listedAnswers,
  maxAvailability,
  maxFormPhotos,
  propertyTypeLabels,
  propertyTypes,
  tenureLabels,
  tenures,
  type CustomerFormFields,
  type CustomerFormPage as CustomerFormPageData,
} from '@shared/customer-links/customer-form.contracts';
import {
  offlineSendMessage,
  sentElsewhereMessage,
  waitingToSendLabel,
} from '@shared/customer-links/send-words';
import { termsPath } from '@shared/customer-links/terms.contracts';
import { customerJourneyErrorCodes } from '@shared/error-codes';
import { formatUkDay } from '@shared/orders/timeline-text';
import { ukDateHint } from '@shared/schema/uk-date';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { CompanyLogo } from '@web/components/company-logo';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { DateField } from '@web/components/ui/date-input';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Spinner } from '@web/components/ui/spinner';
import { Textarea } from '@web/components/ui/textarea';
import { useCustomerForm } from '@web/api/customer-links/get-customer-form';
import { useSubmitCustomerForm } from '@web/api/customer-links/submit-customer-form';
import { uploadCustomerPhoto } from '@web/api/customer-links/upload-customer-photo';
import { errorCode, errorMessage, HttpError } from '@web/lib/api-client';
import { CompanyContactCard, LinkProblemPage, LoadFailed } from './link-pieces';
import { resizePhotoToJpegBase64 } from './resize-photo';

type OpenPage = Extract<CustomerFormPageData, { state: 'open' }>;
type Values = Omit<CustomerFormFields, 'propertyType' | 'tenure' | 'listedBuilding'> & {
  propertyType: string;
  tenure: string;
  listedBuilding: string;
};

const photoLimitMessage = `This form has taken all the photos it can (${linkPhotoLimits.maxPhotos} photos or ${Math.round(linkPhotoLimits.maxBytes / 1024 / 1024)} MB). Please send it with the photos already added.`;

const draftKey = (token: string) => `uplink_customer_form_draft:${token}`;

function readDraft(token: string): Partial<Values> | null {
  try {
    const raw = localStorage.getItem(draftKey(token));
    return raw ? (JSON.parse(raw) as Partial<Values>) : null;
  } catch {
    return null;
  }
}

export default function CustomerFormPage({ params }: RouteComponentProps) {
  const token = params.token ?? '';
  const page = useCustomerForm(token);
  // This tab's own send was refused because the form had been sent already (another tab or
  // device got there first): the page that follows says so rather than thanking for this one.
  const [sentElsewhere, setSentElsewhere] = useState(false);
  if (page.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner label="Loading your form" />
      </div>
    );
  }
  if (page.isError || !page.data) return <LoadFailed onRetry={() => void page.refetch()} />;
  const data = page.data;
  if (data.state === 'problem')
    return <LinkProblemPage problem={data.problem} company={data.company} />;
  if (data.state === 'sent') return <SentPage data={data} sentElsewhere={sentElsewhere} />;
  return <OpenForm token={token} data={data} onSentElsewhere={() => setSentElsewhere(true)} />;
}

function SentPage({
  data,
  sentElsewhere = false,
}: {
  data: Extract<CustomerFormPageData, { state: 'sent' }>;
  sentElsewhere?: boolean;
}) {
  // After a send, the page was scrolled down at the button: the outcome is read from the top.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => outcome.current?.focus(), []);
  const a = data.answers;
  const rows: [string, string][] = [
    ['Name', `${a.firstName} ${a.lastName}`],
    ['Mobile', a.phone],
    ['Email', a.email || '—'],
    ['Address', [a.addressLine1, a.addressLine2, a.town, a.postcode].filter(Boolean).join(', ')],
    ['Property', propertyTypeLabels[a.propertyType]],
    ['Owner or tenant', tenureLabels[a.tenure]],
    ['Listed or conservation area', listedAnswerLabels[a.listedBuilding]],
    ['Dish position', a.dishPosition],
    ['Access notes', a.accessNotes || '—'],
    [
      'Available',
      a.availability
        .map((x) => `${formatUkDay(x.date)} (${availabilitySlotLabels[x.slot]})`)
        .join(', '),
    ],
    ['Photos', String(a.photoIds.length)],
  ];
  return (
    <PageLayout width="narrow">
      <CompanyLogo company={data.company} />
      {sentElsewhere ? (
        <div ref={outcome} tabIndex={-1} className="flex items-start gap-3 outline-none">
          <AlertTriangle aria-hidden="true" className="mt-1 size-6 shrink-0 text-amber-600" />
          <PageHeader
            title={sentElsewhereMessage}
            description={`Order ${data.orderNumber}. The answers in this tab were not sent. This is what was sent first; the form cannot be sent again. If something needs changing, contact us.`}
          />
        </div>
      ) : (
        <div ref={outcome} tabIndex={-1} className="flex items-start gap-3 outline-none">
          <CheckCircle2 aria-hidden="true" className="mt-1 size-6 shrink-0 text-green-700" />
          <PageHeader
            title="Thank you, we have your details"
            description={`Order ${data.orderNumber}. This is what you sent; the form cannot be sent again. If something needs changing, contact us.`}
          />
        </div>
      )}
      <Card className="p-4">
        <dl className="grid gap-3">
          {rows.map(([label, value]) => (
            <div key={label} className="grid gap-0.5">
              <dt className="text-sm font-medium text-slate-600">{label}</dt>
              <dd className="text-sm break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <CompanyContactCard company={data.company} />
    </PageLayout>
  );
}

/** Each field's message counts once (an item's own, or the list's). */
function countMessages(errors: unknown): number {
  if (!errors || typeof errors !== 'object') return 0;
  const message = (errors as { message?: unknown }).message;
  if (typeof message === 'string') return message ? 1 : 0;
  return Object.entries(errors)
    .filter(([key]) => key !== 'ref')
    .reduce((sum, [, value]) => sum + countMessages(value), 0);
}

function OpenForm({
  token,
  data,
  onSentElsewhere,
}: {
  token: string;
  data: OpenPage;
  onSentElsewhere: () => void;
}) {
  const schema = useMemo(() => customerFormSchema(data.rules), [data.rules]);
  const [defaults] = useState<Values>(() => {
    const base = {
      ...data.prefill,
      propertyType: '',
      tenure: '',
      listedBuilding: '',
      availability: [{ date: '', slot: defaultAvailabilitySlot(data.rules) }],
    } as Values;
    return { ...base, ...(readDraft(token) ?? {}) };
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<Values>({
    // The answers go as typed (raw): the server parses them with the same schema.
    resolver: zodResolver(schema, undefined, { raw: true }) as unknown as Resolver<Values>,
    defaultValues: defaults,
    // The summary above the form takes the focus, as it says how many answers to fix.
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as Values;
  const availability = useFieldArray({ control, name: 'availability' });
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  // The server counts every photo sent through this link, removed ones too (issue 18).
  const [photoLimitReached, setPhotoLimitReached] = useState(false);
  const submit = useSubmitCustomerForm(token);
  const summaryRef = useRef<HTMLDivElement>(null);

  // Nothing typed is lost: a draft per link, kept until the form is sent.
  useEffect(() => {
    try {
      localStorage.setItem(draftKey(token), JSON.stringify(values));
    } catch {
      // storage full or blocked: the form still works
    }
  }, [token, values]);

  const err = (path: Path<Values>) => (get(errors, path) as FieldError | undefined)?.message;

  function showSummary(message: string) {
    setFormError(message);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  const handleSend = handleSubmit(
    async (answers) => {
      setFormError(null);
      try {
        await submit.mutateAsync(answers as CustomerFormFields);
        localStorage.removeItem(draftKey(token));
      } catch (error) {
        const code = errorCode(error);
        if (code === customerJourneyErrorCodes.alreadySubmitted) {
          localStorage.removeItem(draftKey(token));
          onSentElsewhere();
          showSummary(sentElsewhereMessage);
        } else if (error instanceof HttpError && error.payload?.details) {
          for (const [path, messages] of Object.entries(error.payload.details)) {
            setError(path as Path<Values>, { type: 'server', message: messages[0] });
          }
          showSummary(errorMessage(error, 'Please check the answers marked below.'));
        } else if (error instanceof HttpError) {
          showSummary(errorMessage(error, 'We could not send the form. Please try again.'));
        } else {
          showSummary(
            'We could not reach our server. Your answers are kept on this device; please try again when you are online.',
          );
        }
      }
    },
    (found) =>
      showSummary(
        `Please check the ${countMessages(found) === 1 ? 'answer' : 'answers'} marked below.`,
      ),
  );

  async function handlePhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    setUploading(true);
    const ids = [...getValues('photoIds')];
    try {
      for (const file of [...files].slice(0, maxFormPhotos - ids.length)) {
        const base64 = await resizePhotoToJpegBase64(file);
        const { id } = await uploadCustomerPhoto('customer-form', token, base64);
        ids.push(id);
      }
      clearErrors('photoIds');
    } catch (error) {
      const limit = errorCode(error) === customerJourneyErrorCodes.linkPhotoLimitReached;
      if (limit) setPhotoLimitReached(true);
      setError('photoIds', {
        type: 'upload',
        message: limit
          ? photoLimitMessage
          : errorMessage(error, 'That photo could not be added. Please try another.'),
      });
    } finally {
      // Photos sent before one failed are kept in the form.
      setValue('photoIds', ids);
      setUploading(false);
    }
  }

  const workingDayNames = data.rules.workingDays
    .map((d) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d])
    .join(', ');
  const errorCount = countMessages(errors);

  return (
    <PageLayout width="narrow">
      <CompanyLogo company={data.company} />
      <PageHeader
        title="Your installation details"
        description={`Order ${data.orderNumber}. It takes about five minutes. Fields marked * are required.`}
      />
      <div ref={summaryRef} tabIndex={-1} className="outline-none">
        {formError && (
          <div
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          >
            {formError}
            {errorCount > 0 && ` (${errorCount} to fix)`}
          </div>
        )}
      </div>
      <form noValidate onSubmit={(e) => void handleSend(e)} className="grid gap-6">
        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold text-slate-900">Contact details</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="First name" required error={err('firstName')}>
              {(f) => <Input {...f} autoComplete="given-name" {...register('firstName')} />}
            </FormField>
            <FormField label="Last name" required error={err('lastName')}>
              {(f) => <Input {...f} autoComplete="family-name" {...register('lastName')} />}
            </FormField>
          </div>
          <FormField
            label="Mobile number"
            required
            error={err('phone')}
            description="For texts about your installation, e.g. 07123 456789"
          >
            {(f) => (
              <Input {...f} type="tel" inputMode="tel" autoComplete="tel" {...register('phone')} />
            )}
          </FormField>
          <FormField label="Email" error={err('email')}>
            {(f) => <Input {...f} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
        </Card>

        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold text-slate-900">Installation address</h2>
          <FormField label="Address line 1" required error={err('addressLine1')}>
            {(f) => <Input {...f} autoComplete="address-line1" {...register('addressLine1')} />}
          </FormField>
          <FormField label="Address line 2" error={err('addressLine2')}>
            {(f) => <Input {...f} autoComplete="address-line2" {...register('addressLine2')} />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Town or city" required error={err('town')}>
              {(f) => <Input {...f} autoComplete="address-level2" {...register('town')} />}
            </FormField>
            <FormField label="Postcode" required error={err('postcode')}>
              {(f) => (
                <Input
                  {...f}
                  autoComplete="postal-code"
                  autoCapitalize="characters"
                  {...register('postcode')}
                />
              )}
            </FormField>
          </div>
          <FormField label="Type of property" required error={err('propertyType')}>
            {(f) => (
              <Select {...f} {...register('propertyType')}>
                <option value="">Choose…</option>
                {propertyTypes.map((type) => (
                  <option key={type} value={type}>
                    {propertyTypeLabels[type]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <RadioGroup
            legend="Do you own or rent the property?"
            name="tenure"
            options={tenures.map((t) => [t, tenureLabels[t]])}
            registration={register('tenure')}
            error={err('tenure')}
          />
          {values.tenure === 'tenant' && (
            <CheckField
              id="landlordPermission"
              label="My landlord has given permission for a satellite dish"
              registration={register('landlordPermission')}
              error={err('landlordPermission')}
            />
          )}
          <RadioGroup
            legend="Is it a listed building or in a conservation area?"
            name="listedBuilding"
            options={listedAnswers.map((a) => [a, listedAnswerLabels[a]])}
            registration={register('listedBuilding')}
            error={err('listedBuilding')}
          />
        </Card>

        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold text-slate-900">The installation</h2>
          <FormField
            label="Where would you like the dish?"
            required
            error={err('dishPosition')}
            description="For example: on the chimney, on the back wall facing south"
          >
            {(f) => <Textarea {...f} rows={3} {...register('dishPosition')} />}
          </FormField>
          <FormField
            label="Access notes"
            error={err('accessNotes')}
            description="Anything the engineer should know: ladders, pets, parking, gate codes"
          >
            {(f) => <Textarea {...f} rows={3} {...register('accessNotes')} />}
          </FormField>
          <FormField
            label="Photos of where you would like the dish (optional)"
            error={err('photoIds')}
            description={
              photoLimitReached
                ? 'No more photos can be added to this form.'
                : `Up to ${maxFormPhotos}. They are made smaller on your phone before sending.`
            }
          >
            {(f) => (
              <Input
                {...f}
                type="file"
                accept="image/*"
                multiple
                disabled={uploading || photoLimitReached || values.photoIds.length >= maxFormPhotos}
                onChange={(e) => void handlePhotos(e.target.files)}
              />
            )}
          </FormField>
          {(uploading || values.photoIds.length > 0) && (
            <p className="text-sm text-slate-700" aria-live="polite">
              {uploading
                ? 'Adding photo…'
                : `${values.photoIds.length} photo${values.photoIds.length === 1 ? '' : 's'} added.`}
              {!uploading && values.photoIds.length > 0 && (
                <button
                  type="button"
                  className="ml-2 text-brand-700 underline"
                  onClick={() => setValue('photoIds', [])}
                >
                  Remove photos
                </button>
              )}
            </p>
          )}
        </Card>

        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold text-slate-900">When are you available?</h2>
          <p className="text-sm text-slate-600">
            We install on {workingDayNames}. Add the days that suit you, from tomorrow. Type each
            date as {ukDateHint}, or choose it from the calendar.
          </p>
          {(errors.availability?.root?.message ?? err('availability')) && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors.availability?.root?.message ?? err('availability')}
            </p>
          )}
          <ul className="grid gap-3">
            {availability.fields.map((entry, index) => (
              <li
                key={entry.id}
                className="grid grid-cols-[1fr_auto] items-end gap-2 sm:grid-cols-[1fr_10rem_auto]"
              >
                <DateField
                  control={control}
                  name={`availability.${index}.date`}
                  label={`Date ${index + 1}`}
                  required
                  error={err(`availability.${index}.date`)}
                  emptyAs=""
                  min={data.rules.earliestDate}
                  max={data.rules.latestDate}
                  description={null}
                  pickerLabel={`Choose date ${index + 1} from a calendar`}
                  className="col-span-2 sm:col-span-1"
                />
                <FormField
                  label={`Time on date ${index + 1}`}
                  error={err(`availability.${index}.slot`)}
                >
                  {(f) => (
                    <Select {...f} {...register(`availability.${index}.slot`)}>
                      {availabilitySlotsOffered(data.rules).map((slot) => (
                        <option key={slot} value={slot}>
                          {availabilitySlotLabels[slot]}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                <Button
                  type="button"
                  variant="outline"
                  size="icon"
                  aria-label={`Remove date ${index + 1}`}
                  disabled={availability.fields.length === 1}
                  onClick={() => availability.remove(index)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={availability.fields.length >= maxAvailability}
              onClick={() =>
                availability.append(
                  { date: '', slot: defaultAvailabilitySlot(data.rules) },
                  { shouldFocus: false },
                )
              }
            >
              <Plus aria-hidden="true" />
              Add another date
            </Button>
          </div>
        </Card>

        <Card className="grid gap-4 p-4">
          <h2 className="text-lg font-semibold text-slate-900">Your consent</h2>
          <CheckField
            id="consentTerms"
            label="I agree to the terms of installation *"
            registration={register('consentTerms')}
            error={err('consentTerms')}
            more={
              <a
                href={termsPath}
                target="_blank"
                rel="noopener"
                className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline"
              >
                Read the terms of installation (opens in a new tab)
              </a>
            }
          />
          <CheckField
            id="consentMessages"
            label="Send me text messages about my installation (optional; we always email the essentials)"
            registration={register('consentMessages')}
            error={err('consentMessages')}
          />
        </Card>

        <div className="grid gap-3 pb-8">
          <Button type="submit" size="lg" disabled={submit.isPending || uploading}>
            {submit.isPaused
              ? waitingToSendLabel
              : submit.isPending
                ? 'Sending…'
                : 'Send my details'}
          </Button>
          <p
            role="status"
            className={
              submit.isPaused ? 'text-sm font-medium text-amber-800' : 'text-sm text-slate-600'
            }
          >
            {submit.isPaused
              ? offlineSendMessage
              : 'Your answers are kept on this device until they are sent.'}
          </p>
        </div>
      </form>
      <CompanyContactCard company={data.company} />
    </PageLayout>
  );
}

function RadioGroup({
  legend,
  name,
  options,
  registration,
  error,
}: {
  legend: string;
  name: string;
  options: [string, string][];
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const errorId = `${name}-error`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">
        {legend}{' '}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
      </legend>
      <div className="flex flex-wrap gap-2">
        {options.map(([option, label]) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={option}
              aria-invalid={error ? true : undefined}
              className="size-4 accent-brand-600"
              {...registration}
            />
            {label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function CheckField({
  id,
  label,
  registration,
  error,
  more,
}: {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Shown under the box, outside its label (a link to read first). */
  more?: ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1">
      <label
        htmlFor={id}
        className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-slate-900"
      >
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="size-6 shrink-0 accent-brand-600"
          {...registration}
        />
        <span>{label}</span>
      </label>
      {more && <div className="pl-9">{more}</div>}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
