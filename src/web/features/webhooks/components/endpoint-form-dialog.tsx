import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import {
  allOrderEvents,
  createWebhookEndpointBody,
  webhookEventTypes,
  type WebhookEndpoint,
} from '@shared/webhooks/webhooks.contracts';
import { Button } from '@web/components/ui/button';
import { Checkbox } from '@web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Select } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { usePartners } from '@web/api/partners/list-partners';
import { useCreateWebhookEndpoint } from '@web/api/webhooks/create-endpoint';
import { useUpdateWebhookEndpoint } from '@web/api/webhooks/update-endpoint';
import { showServerError } from '@web/lib/show-server-error';
import { eventLabel } from '../lib/labels';

type FormValues = {
  partnerId: string;
  url: string;
  description: string | null;
  events: string[];
};

const fields = ['partnerId', 'url', 'description', 'events'] as const;

/** Adds an endpoint (`endpoint` null) or edits one's URL, description and events. */
export function EndpointFormDialog({
  endpoint,
  open,
  onOpenChange,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (secret: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {open && (
          <EndpointForm
            key={endpoint?.id ?? 'new'}
            endpoint={endpoint}
            onDone={() => onOpenChange(false)}
            onCreated={onCreated}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EndpointForm({
  endpoint,
  onDone,
  onCreated,
}: {
  endpoint: WebhookEndpoint | null;
  onDone: () => void;
  onCreated: (secret: string) => void;
}) {
  const creating = endpoint === null;
  const partners = usePartners();
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues>({
    resolver: zodResolver(createWebhookEndpointBody) as unknown as Resolver<FormValues>,
    defaultValues: {
      partnerId: endpoint?.partnerId ?? '',
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [allOrderEvents],
    },
  });
  const events = useWatch({ control, name: 'events' });
  const everything = events.includes(allOrderEvents);
  const pending = create.isPending || update.isPending;

  const onError = (error: unknown) =>
    showServerError<FormValues>(error, {
      title: creating ? 'Could not add the endpoint' : 'Could not save the endpoint',
      setError,
      fields,
    });

  const save = handleSubmit((values) => {
    if (creating) {
      create.mutate(values, {
        onSuccess: ({ secret }) => {
          toast({ title: 'Endpoint added' });
          onDone();
          onCreated(secret);
        },
        onError,
      });
      return;
    }
    const { partnerId: _partnerId, ...changes } = values;
    update.mutate(
      { id: endpoint.id, changes },
      {
        onSuccess: () => {
          toast({ title: 'Endpoint saved' });
          onDone();
        },
        onError,
      },
    );
  });

  return (
    <form noValidate onSubmit={save} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{creating ? 'Add webhook endpoint' : 'Edit webhook endpoint'}</DialogTitle>
        <DialogDescription>
          Order events of the partner are posted to this URL, signed with its secret (Standard
          Webhooks).
        </DialogDescription>
      </DialogHeader>
      <FormField label="Partner" error={errors.partnerId?.message} required>
        {(field) => (
          <Select {...field} disabled={!creating} {...register('partnerId')}>
            <option value="">Choose a partner</option>
            {partners.data?.items.map((partner) => (
              <option key={partner.id} value={partner.id}>
                {partner.name}
              </option>
            ))}
            {endpoint && !partners.data?.items.some((p) => p.id === endpoint.partnerId) && (
              <option value={endpoint.partnerId}>{endpoint.partnerName}</option>
            )}
          </Select>
        )}
      </FormField>
      <FormField
        label="URL"
        error={errors.url?.message}
        required
        description="https:// on a public address; private and internal addresses are refused."
      >
        {(field) => (
          <Input
            {...field}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://partner.example/webhooks/uplink"
            {...register('url')}
          />
        )}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(field) => <Input {...field} autoComplete="off" {...register('description')} />}
      </FormField>
      <Controller
        control={control}
        name="events"
        render={({ field }) => {
          const toggle = (type: string, on: boolean) =>
            field.onChange(on ? [...field.value, type] : field.value.filter((t) => t !== type));
          return (
            <fieldset
              className="grid gap-2"
              aria-describedby={errors.events ? 'webhook-events-error' : undefined}
            >
              <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
              <div className="flex items-center gap-2">
                <Checkbox
                  id="webhook-event-all"
                  checked={everything}
                  onCheckedChange={(on) => field.onChange(on === true ? [allOrderEvents] : [])}
                />
                <Label htmlFor="webhook-event-all">
                  All order events <code className="text-xs text-slate-600">order.*</code>
                </Label>
              </div>
              {!everything && (
                <div className="grid gap-2 sm:grid-cols-2">
                  {webhookEventTypes.map((type) => {
                    const id = `webhook-event-${type.replace('.', '-')}`;
                    return (
                      <div key={type} className="flex items-center gap-2">
                        <Checkbox
                          id={id}
                          checked={field.value.includes(type)}
                          onCheckedChange={(on) => toggle(type, on === true)}
                        />
                        <Label htmlFor={id}>
                          {eventLabel(type)} <code className="text-xs text-slate-600">{type}</code>
                        </Label>
                      </div>
                    );
                  })}
                </div>
              )}
              {errors.events && (
                <p id="webhook-events-error" role="alert" className="text-sm text-red-700">
                  {errors.events.message ?? errors.events.root?.message}
                </p>
              )}
            </fieldset>
          );
        }}
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : creating ? 'Add endpoint' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
