import { useRef, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { weekdayNames } from '@shared/customer-links/customer-form.contracts';
import { mapTilesSetting } from '@shared/dispatch/dispatch.contracts';
import { visitSlotLabels } from '@shared/orders/order-status';
import { formatUkDate, parseUkDate } from '@shared/schema/uk-date';
import { staffRoles, type StaffRole } from '@shared/roles';
import {
  bankHolidaysSettingsSchema,
  bookingSettingsSchema,
  companySettingsSchema,
  retentionSettingsSchema,
  sessionSettingsSchema,
  slaSettingsSchema,
  twoFactorPolicies,
  twoFactorPolicyLabels,
  twoFactorSettingsSchema,
  type GeneralSettings,
} from '@shared/settings/settings.contracts';
import { useRemoveCompanyLogo, useUploadCompanyLogo } from '@web/api/settings/company-logo';
import { useGeneralSettings } from '@web/api/settings/get-general-settings';
import {
  useSaveSettingsSection,
  type SettingsSection,
} from '@web/api/settings/save-settings-section';
import { PageHeader, PageLayout } from '@web/components/page-layout';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Select } from '@web/components/ui/select';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api-client';
import { bodyResolver, firstMessage } from '@web/lib/body-resolver';
import { placeServerDetails } from '@web/lib/show-server-error';

const roleLabels: Record<StaffRole, string> = {
  back_office: 'Back Office Staff',
  contractor: 'Contractor',
  engineer: 'Field Engineer',
};

const numberOrText = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** One section: its form, saved by its own PUT, with a toast and the server's field messages. */
/** A section's title inside a sentence: "Company details" → "company details"; "SLA target" stays. */
const inSentence = (title: string) =>
  /^[A-Z]{2}/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1);

function useSectionForm<V extends FieldValues, B>(
  section: SettingsSection,
  title: string,
  resolver: Resolver<V, unknown, B>,
  defaultValues: V,
  fields: readonly string[],
) {
  const save = useSaveSettingsSection<B>(section);
  const form = useForm<V, unknown, B>({ resolver, defaultValues: defaultValues as never });
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => toast({ title: `${title} saved` }),
      onError: (error) => {
        if (!placeServerDetails(error, form.setError, fields, { items: true }).placed) {
          toast({
            variant: 'destructive',
            title: `${title} not saved`,
            description: errorMessage(error, 'Could not save'),
          });
        }
      },
    }),
  );
  return { form, submit, pending: save.isPending };
}

function Section({
  title,
  description,
  onSubmit,
  pending,
  children,
}: {
  title: string;
  description: string;
  onSubmit: () => void;
  pending: boolean;
  children: ReactNode;
}) {
  const id = `settings-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card>
      <CardHeader>
        <h2 id={id} className="text-base leading-tight font-semibold">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </CardHeader>
      <CardContent>
        <form
          aria-labelledby={id}
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          className="grid gap-4 md:grid-cols-2"
          noValidate
        >
          {children}
          <div className="md:col-span-2">
            <Button type="submit" disabled={pending}>
              Save {inSentence(title)}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

type CompanyValues = GeneralSettings['company'];
const companyFields = ['name', 'address', 'phone', 'email', 'hours'] as const;

function CompanySection({ initial }: { initial: GeneralSettings['company'] }) {
  const { form, submit, pending } = useSectionForm(
    'company',
    'Company details',
    bodyResolver(companySettingsSchema, (v: CompanyValues) => ({
      name: v.name,
      address: v.address,
      phone: v.phone,
      email: v.email,
      hours: v.hours,
    })),
    initial,
    companyFields,
  );
  const {
    register,
    formState: { errors },
  } = form;
  const labels: Record<(typeof companyFields)[number], string> = {
    name: 'Company name',
    address: 'Address',
    phone: 'Phone',
    email: 'Email',
    hours: 'Opening hours',
  };
  return (
    <Section
      title="Company details"
      description="Shown to customers on their pages, in messages and on the installation certificate."
      onSubmit={submit}
      pending={pending}
    >
      {companyFields.map((name) => (
        <FormField
          key={name}
          label={labels[name]}
          error={errors[name]?.message}
          className={name === 'address' ? 'md:row-span-2' : undefined}
        >
          {(field) =>
            name === 'address' ? (
              <Textarea {...field} rows={4} {...register(name)} />
            ) : (
              <Input
                {...field}
                type={name === 'email' ? 'email' : 'text'}
                inputMode={name === 'phone' ? 'tel' : undefined}
                {...register(name as Path<CompanyValues>)}
              />
            )
          }
        </FormField>
      ))}
      <LogoField logoUrl={initial.logoUrl} name={initial.name} />
    </Section>
  );
}

function LogoField({ logoUrl, name }: { logoUrl: string | null; name: string }) {
  const upload = useUploadCompanyLogo();
  const remove = useRemoveCompanyLogo();
  const input = useRef<HTMLInputElement>(null);
  const refused = upload.error
    ? errorMessage(upload.error, 'Could not upload the logo')
    : undefined;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    upload.mutate(btoa(binary), {
      onSuccess: () => toast({ title: 'Logo saved' }),
      onSettled: () => {
        if (input.current) input.current.value = '';
      },
    });
  };
  return (
    <div className="grid gap-2 md:col-span-2">
      <FormField
        label="Logo"
        description="PNG, JPEG or SVG, 1 MB at most. Shown on the customer's pages and the certificate."
        error={refused}
      >
        {(field) => (
          <input
            {...field}
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/svg+xml"
            className="min-h-11 text-sm"
            disabled={upload.isPending}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
        )}
      </FormField>
      {logoUrl && (
        <div className="flex items-center gap-3">
          <img src={logoUrl} alt={`${name} logo`} className="max-h-16 max-w-60 object-contain" />
          <Button
            type="button"
            variant="outline"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, { onSuccess: () => toast({ title: 'Logo removed' }) })
            }
          >
            Remove logo
          </Button>
        </div>
      )}
    </div>
  );
}

function NumberSection<K extends string>({
  section,
  title,
  description,
  field,
  label,
  hint,
  schema,
  initial,
}: {
  section: SettingsSection;
  title: string;
  description: string;
  field: K;
  label: string;
  hint?: string;
  schema: Parameters<typeof bodyResolver>[0];
  initial: number;
}) {
  const { form, submit, pending } = useSectionForm(
    section,
    title,
    bodyResolver(schema, (v: Record<K, string>) => ({ [field]: numberOrText(v[field]) })),
    { [field]: String(initial) } as Record<K, string>,
    [field],
  );
  const error = (form.formState.errors as Record<string, { message?: string } | undefined>)[field];
  return (
    <Section title={title} description={description} onSubmit={submit} pending={pending}>
      <FormField label={label} description={hint} error={error?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="numeric"
            {...form.register(field as unknown as Path<Record<K, string>>)}
          />
        )}
      </FormField>
    </Section>
  );
}

type BookingValues = GeneralSettings['booking'];

function BookingSection({ initial }: { initial: BookingValues }) {
  const { form, submit, pending } = useSectionForm(
    'booking',
    'Working days and slots',
    bodyResolver(bookingSettingsSchema, (v: BookingValues) => ({
      workingDays: (v.workingDays as unknown[]).map(Number),
      slots: v.slots,
    })),
    { ...initial, workingDays: initial.workingDays.map(String) as unknown as number[] },
    [
      'workingDays',
      'slots.am.start',
      'slots.am.end',
      'slots.pm.start',
      'slots.pm.end',
      'slots.am.offered',
    ],
  );
  const {
    register,
    formState: { errors },
  } = form;
  const slotErrors = errors.slots as
    | Record<string, Record<string, { message?: string } | undefined> | undefined>
    | undefined;
  return (
    <Section
      title="Working days and slots"
      description="The days we install on and the slots a visit is booked in."
      onSubmit={submit}
      pending={pending}
    >
      <fieldset className="grid gap-2 md:col-span-2" aria-describedby="working-days-error">
        <legend className="text-sm font-medium">Working days</legend>
        <div className="flex flex-wrap gap-4">
          {[1, 2, 3, 4, 5, 6, 0].map((day) => (
            <label key={day} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-6"
                value={String(day)}
                {...register('workingDays')}
              />
              {weekdayNames[day]}
            </label>
          ))}
        </div>
        {errors.workingDays && (
          <p id="working-days-error" className="text-sm text-red-700">
            {firstMessage(errors.workingDays)}
          </p>
        )}
      </fieldset>
      {(['am', 'pm'] as const).map((half) => (
        <fieldset key={half} className="grid gap-2">
          <legend className="text-sm font-medium">{visitSlotLabels[half]} slot</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-6" {...register(`slots.${half}.offered`)} />
            Offered
          </label>
          <div className="grid grid-cols-2 gap-2">
            <FormField label="Starts" error={slotErrors?.[half]?.start?.message}>
              {(field) => <Input {...field} type="time" {...register(`slots.${half}.start`)} />}
            </FormField>
            <FormField label="Ends" error={slotErrors?.[half]?.end?.message}>
              {(field) => <Input {...field} type="time" {...register(`slots.${half}.end`)} />}
            </FormField>
          </div>
          {half === 'am' && slotErrors?.am?.offered?.message && (
            <p className="text-sm text-red-700">{slotErrors.am.offered.message}</p>
          )}
        </fieldset>
      ))}
      <label className="flex items-center gap-2 text-sm md:col-span-2">
        <input type="checkbox" className="size-6 shrink-0" {...register('slots.all_day.offered')} />
        {visitSlotLabels.all_day} slot offered (from the morning start to the afternoon end)
      </label>
    </Section>
  );
}

type HolidayValues = { lines: string };
const holidayLine = /^(\S+)\s+(.*)$/;

function BankHolidaysSection({ initial }: { initial: GeneralSettings['bankHolidays'] }) {
  const { form, submit, pending } = useSectionForm(
    'bank-holidays',
    'Bank holidays',
    bodyResolver(bankHolidaysSettingsSchema, (v: HolidayValues) => ({
      bankHolidays: v.lines
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line) => {
          const match = holidayLine.exec(line);
          // Typed dd/mm/yyyy (a YYYY-MM-DD is read too); the wire takes YYYY-MM-DD.
          const date = match ? match[1]! : line;
          return { date: parseUkDate(date) ?? date, name: match ? match[2] : '' };
        }),
    })),
    { lines: initial.bankHolidays.map((h) => `${formatUkDate(h.date)} ${h.name}`).join('\n') },
    ['lines'],
  );
  const errors = form.formState.errors as Record<string, unknown>;
  const message = firstMessage(errors.bankHolidays) ?? firstMessage(errors.lines);
  return (
    <Section
      title="Bank holidays"
      description="England and Wales, from GOV.UK. No visits are booked on these dates, even on a working day."
      onSubmit={submit}
      pending={pending}
    >
      <FormField
        label="Dates"
        description="One a line: the date as dd/mm/yyyy, then its name (for example 25/12/2026 Christmas Day). Add or delete lines."
        error={message}
        className="md:col-span-2"
      >
        {(field) => <Textarea {...field} rows={10} {...form.register('lines')} />}
      </FormField>
    </Section>
  );
}

function TwoFactorSection({ initial }: { initial: GeneralSettings['twoFactor'] }) {
  const { form, submit, pending } = useSectionForm(
    'two-factor',
    'Two-factor sign-in',
    bodyResolver(twoFactorSettingsSchema, (v: GeneralSettings['twoFactor']) => v),
    initial,
    staffRoles,
  );
  return (
    <Section
      title="Two-factor sign-in"
      description="Per role: off, each user's choice, or always a code by email after the password."
      onSubmit={submit}
      pending={pending}
    >
      {staffRoles.map((role) => (
        <FormField key={role} label={roleLabels[role]} error={form.formState.errors[role]?.message}>
          {(field) => (
            <Select {...field} {...form.register(role)}>
              {twoFactorPolicies.map((policy) => (
                <option key={policy} value={policy}>
                  {twoFactorPolicyLabels[policy]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      ))}
    </Section>
  );
}

type SessionValues = { idleMinutes: string; maxHours: string };

function SessionsSection({ initial }: { initial: GeneralSettings['sessions'] }) {
  const { form, submit, pending } = useSectionForm(
    'sessions',
    'Sessions',
    bodyResolver(sessionSettingsSchema, (v: SessionValues) => ({
      idleMinutes: numberOrText(v.idleMinutes),
      maxHours: numberOrText(v.maxHours),
    })),
    { idleMinutes: String(initial.idleMinutes), maxHours: String(initial.maxHours) },
    ['idleMinutes', 'maxHours'],
  );
  const { errors } = form.formState;
  return (
    <Section
      title="Sessions"
      description="Users are signed out after this long without activity, and after the maximum in any case."
      onSubmit={submit}
      pending={pending}
    >
      <FormField label="Idle length (minutes)" error={errors.idleMinutes?.message}>
        {(field) => <Input {...field} inputMode="numeric" {...form.register('idleMinutes')} />}
      </FormField>
      <FormField label="Maximum length (hours)" error={errors.maxHours?.message}>
        {(field) => <Input {...field} inputMode="numeric" {...form.register('maxHours')} />}
      </FormField>
    </Section>
  );
}

function MapTilesSection({ initial }: { initial: GeneralSettings['mapTiles'] }) {
  const { form, submit, pending } = useSectionForm(
    'map-tiles',
    'Map tiles',
    bodyResolver(mapTilesSetting, (v: { tileUrl: string }) => v),
    initial,
    ['tileUrl'],
  );
  return (
    <Section
      title="Map tiles"
      description="The tile server of the dispatch map, with {z}, {x} and {y} in the URL."
      onSubmit={submit}
      pending={pending}
    >
      <FormField
        label="Tile server URL"
        error={form.formState.errors.tileUrl?.message}
        className="md:col-span-2"
      >
        {(field) => <Input {...field} {...form.register('tileUrl')} />}
      </FormField>
    </Section>
  );
}

function SettingsSections({ settings }: { settings: GeneralSettings }) {
  return (
    <>
      <CompanySection initial={settings.company} />
      <NumberSection
        section="sla"
        title="SLA target"
        description="Days from an order received to completed, for partners without their own target. New orders take it."
        field="slaTargetDays"
        label="SLA target (days)"
        schema={slaSettingsSchema}
        initial={settings.sla.slaTargetDays}
      />
      <BookingSection initial={settings.booking} />
      <BankHolidaysSection initial={settings.bankHolidays} />
      <TwoFactorSection initial={settings.twoFactor} />
      <SessionsSection initial={settings.sessions} />
      <MapTilesSection initial={settings.mapTiles} />
      <NumberSection
        section="retention"
        title="Customer data retention"
        description="A customer's personal data is anonymised this long after all their orders closed."
        field="customerDataRetentionDays"
        label="Keep customer data for (days)"
        hint="At least 30 days."
        schema={retentionSettingsSchema}
        initial={settings.retention.customerDataRetentionDays}
      />
    </>
  );
}

/** /settings, the spec's General settings (issue 21). */
export default function GeneralSettingsPage() {
  const settings = useGeneralSettings();
  return (
    <PageLayout width="medium">
      <PageHeader
        title="General settings"
        description="Company details, SLA, booking, sign-in and data retention. Each change applies at once."
      />
      {settings.data ? (
        <SettingsSections settings={settings.data} />
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(settings.error, 'Could not load the settings')}
        </p>
      ) : (
        <p className="text-sm text-slate-600">Loading settings…</p>
      )}
    </PageLayout>
  );
}
