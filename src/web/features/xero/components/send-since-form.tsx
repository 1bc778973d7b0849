import { useForm } from 'react-hook-form';
import { sendSinceBody } from '@shared/xero/xero.contracts';
import { useSendXeroSince } from '@web/api/xero/send-since';
import { Button } from '@web/components/ui/button';
import { DateField } from '@web/components/ui/date-input';
import { bodyResolver } from '@web/lib/body-resolver';
import { errorMessage } from '@web/lib/api-client';

type Values = { since: string };
const resolver = bodyResolver(sendSinceBody, (values: Values) => values);

/** For connecting after work was done: the same rule as on completion, so a rerun adds nothing. */
export function SendSinceForm() {
  const send = useSendXeroSince();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, { since: string }>({ resolver, defaultValues: { since: '' } });
  return (
    <form className="grid gap-3" noValidate onSubmit={handleSubmit((body) => send.mutate(body))}>
      <p className="text-sm text-slate-700">
        Orders completed on or after this day get their invoice and bill, unless they have them
        already.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <DateField
          control={control}
          name="since"
          label="Completed since"
          error={errors.since?.message}
          required
        />
        <Button type="submit" disabled={send.isPending}>
          Send orders completed since
        </Button>
      </div>
      {send.isSuccess && (
        <p role="status" className="text-sm text-emerald-800">
          {send.data.orders} completed {send.data.orders === 1 ? 'order' : 'orders'} found;{' '}
          {send.data.queued === 0
            ? 'nothing new to send.'
            : `${send.data.queued} ${send.data.queued === 1 ? 'document' : 'documents'} queued.`}
        </p>
      )}
      {send.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(send.error, 'Could not send the orders')}
        </p>
      )}
    </form>
  );
}
