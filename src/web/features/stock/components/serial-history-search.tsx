import { useState, type FormEvent } from 'react';
import { stockLabels, type SerialHistory } from '@shared/stock/stock.contracts';
import { useSerialHistory } from '@web/api/stock/serial-history';
import { StatusBadge } from '@web/components/status-badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api-client';
import { formatMoment } from '@web/lib/format-date';
import {
  describeStep,
  serialStatusLabels,
  serialStatusTones,
  stepDetails,
} from './inventory-format';

function SerialHistoryView({ found }: { found: SerialHistory }) {
  const { serial, history } = found;
  return (
    <section aria-label={`History of serial ${serial.serial}`} className="grid gap-4">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-mono text-base font-semibold break-all">{serial.serial}</h3>
          <StatusBadge tone={serialStatusTones[serial.status]}>
            {serialStatusLabels[serial.status]}
          </StatusBadge>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-slate-600">{stockLabels.sku}</dt>
          <dd className="font-mono">{serial.sku}</dd>
          <dt className="text-slate-600">Location</dt>
          <dd>{serial.location ?? (serial.status === 'installed' ? 'At the customer’s' : '—')}</dd>
          {serial.orderNumber && (
            <>
              <dt className="text-slate-600">Order</dt>
              <dd className="font-mono">{serial.orderNumber}</dd>
            </>
          )}
        </dl>
      </div>
      <ol className="grid gap-3 border-l-2 border-slate-200 pl-4" aria-label="Steps, oldest first">
        {history.map((step) => (
          <li key={step.id} className="grid gap-0.5">
            <p className="text-sm font-medium">{describeStep(step)}</p>
            {stepDetails(step) && <p className="text-sm text-slate-700">{stepDetails(step)}</p>}
            <p className="text-xs text-slate-600">
              by {step.by}, {formatMoment(step.at)}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The "Serial" box: a serial's status, where it is, and its whole history in order. */
export function SerialHistorySearch() {
  const [typed, setTyped] = useState('');
  const [serial, setSerial] = useState('');
  const history = useSerialHistory(serial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSerial(typed.trim());
  };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-tight font-semibold">Serial history</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          role="search"
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-[minmax(0,24rem)_auto] sm:items-end sm:justify-start"
        >
          <FormField label={stockLabels.serial}>
            {(field) => (
              <Input
                {...field}
                type="search"
                autoComplete="off"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            )}
          </FormField>
          <Button type="submit" disabled={typed.trim() === ''}>
            Show history
          </Button>
        </form>
        {serial !== '' &&
          (history.isPending ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : history.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(history.error, 'Could not find that serial')}
            </p>
          ) : (
            <SerialHistoryView found={history.data} />
          ))}
      </CardContent>
    </Card>
  );
}
