import type { ReactNode } from 'react';
import { visitSlotLabels } from '@shared/orders/order-status';
import { visitStatusLabels } from '@shared/status-words';
import {
  mountingTypeLabels,
  visitFailureReasonLabels,
  type CommissioningThresholds,
  type VisitRecord,
} from '@shared/visits/visit-record';
import { offDayCheckInWords } from '@shared/visits/off-day-check-in';
import { Badge } from '@web/components/ui/badge';
import { Card, CardContent, CardHeader } from '@web/components/ui/card';
import { formatDate, formatDateTime } from '../lib/format';
import { PhotoGallery } from './photo-gallery';
import { londonDateOf } from '@shared/london-date';

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">{children}</dl>;
}
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}
const notYet = <p className="text-sm text-slate-600">Not recorded yet.</p>;

/** One reading against its threshold: within (green) or breached (amber), said in words too. */
function Reading({
  label,
  value,
  unit,
  ok,
  limit,
}: {
  label: string;
  value: number;
  unit: string;
  ok: boolean;
  limit: string;
}) {
  return (
    <Fact label={label}>
      {value} {unit}{' '}
      <Badge variant={ok ? 'success' : 'warning'}>
        {ok ? `within ${limit}` : `outside ${limit}`}
      </Badge>
    </Fact>
  );
}

/** A visit's whole record (an h2 under the page's h1, its parts h3): times, checklist, photos, serials, commissioning, sign-off, outcome. */
export function VisitRecordView({
  record,
  index,
  thresholds,
}: {
  record: VisitRecord;
  index: number;
  thresholds: CommissioningThresholds;
}) {
  const c = record.commissioning;
  const outcome = record.outcome;
  return (
    <Card className="break-inside-avoid">
      <CardHeader>
        <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold">
          Visit {index + 1}: {formatDate(record.scheduledDate)} ({visitSlotLabels[record.slot]})
          <Badge
            variant={
              record.status === 'completed'
                ? 'success'
                : record.status === 'failed'
                  ? 'destructive'
                  : 'secondary'
            }
          >
            {visitStatusLabels[record.status]}
          </Badge>
        </h2>
        <p className="text-sm text-slate-600">
          Engineer {record.engineer.firstName} {record.engineer.lastName}
        </p>
      </CardHeader>
      <CardContent className="grid gap-5">
        <Part title="Times">
          <Facts>
            <Fact label="Checked in">{formatDateTime(record.checkIn?.at)}</Fact>
            {record.checkIn?.offDayReason && (
              <Fact label="Not the booked day">
                {offDayCheckInWords(
                  londonDateOf(new Date(record.checkIn.at)),
                  record.scheduledDate,
                  record.checkIn.offDayReason,
                )}
              </Fact>
            )}
            {record.checkIn?.position && (
              <Fact label="Position">
                {record.checkIn.position.latitude.toFixed(5)},{' '}
                {record.checkIn.position.longitude.toFixed(5)}
                {record.checkIn.position.accuracyM
                  ? ` (±${Math.round(record.checkIn.position.accuracyM)} m)`
                  : ''}
              </Fact>
            )}
            <Fact label="Finished">{formatDateTime(outcome?.at)}</Fact>
          </Facts>
        </Part>

        <Part title="Survey and safety checklist">
          {record.survey ? (
            <Facts>
              <Fact label="Mounting">
                {mountingTypeLabels[record.survey.mountingType]}
                {record.survey.mountingOther ? ` (${record.survey.mountingOther})` : ''}
              </Fact>
              <Fact label="Cable route">{record.survey.cableRoute}</Fact>
              <Fact label="Cable length">{record.survey.cableLengthM} m</Fact>
              <Fact label="Power">{record.survey.powerLocation}</Fact>
              <Fact label="Router">{record.survey.routerLocation}</Fact>
              <Fact label="Planning or landlord">{record.survey.planningIssues || 'None'}</Fact>
              <Fact label="Working at height">Risk assessment confirmed</Fact>
            </Facts>
          ) : (
            notYet
          )}
        </Part>

        <Part title={`Photos (${record.photos.length})`}>
          <PhotoGallery photos={record.photos} />
        </Part>

        <Part title="Serial numbers">
          {record.serials ? (
            <Facts>
              <Fact label="Dish">{record.serials.dish}</Fact>
              <Fact label="Router">{record.serials.router}</Fact>
              {record.serials.others.map((other) => (
                <Fact key={other.label + other.serial} label={other.label}>
                  {other.serial}
                </Fact>
              ))}
              {record.serials.mismatchReason && (
                <Fact label="Differs from kit sent">{record.serials.mismatchReason}</Fact>
              )}
            </Facts>
          ) : (
            notYet
          )}
        </Part>

        <Part title="Commissioning">
          {c ? (
            <Facts>
              <Fact label="Dish ID">{c.dishId}</Fact>
              <Fact label="Router ID">{c.routerId}</Fact>
              <Reading
                label="Download"
                value={c.downloadMbps}
                unit="Mbit/s"
                ok={c.downloadMbps >= thresholds.minDownloadMbps}
                limit={`min ${thresholds.minDownloadMbps}`}
              />
              <Reading
                label="Upload"
                value={c.uploadMbps}
                unit="Mbit/s"
                ok={c.uploadMbps >= thresholds.minUploadMbps}
                limit={`min ${thresholds.minUploadMbps}`}
              />
              <Reading
                label="Latency"
                value={c.latencyMs}
                unit="ms"
                ok={c.latencyMs <= thresholds.maxLatencyMs}
                limit={`max ${thresholds.maxLatencyMs}`}
              />
              <Reading
                label="Obstruction"
                value={c.obstructionPercent}
                unit="%"
                ok={c.obstructionPercent <= thresholds.maxObstructionPercent}
                limit={`max ${thresholds.maxObstructionPercent}`}
              />
              {c.thresholdReason && <Fact label="Reason given">{c.thresholdReason}</Fact>}
              <Fact label="Tested">{formatDateTime(c.testedAt)}</Fact>
            </Facts>
          ) : (
            notYet
          )}
        </Part>

        <Part title="Customer sign-off">
          {record.signOff ? (
            <div className="grid gap-2">
              <Facts>
                <Fact label="Signed by">{record.signOff.name}</Fact>
                <Fact label="Signed">{formatDateTime(record.signOff.signedAt)}</Fact>
              </Facts>
              <img
                src={record.signOff.signatureUrl}
                alt={`Signature of ${record.signOff.name}`}
                className="h-24 w-fit max-w-full rounded border border-slate-200 bg-white object-contain p-1"
              />
            </div>
          ) : (
            notYet
          )}
        </Part>

        <Part title="Outcome">
          {outcome ? (
            <Facts>
              <Fact label="Result">{outcome.result === 'completed' ? 'Completed' : 'Failed'}</Fact>
              {outcome.failureReason && (
                <Fact label="Reason">{visitFailureReasonLabels[outcome.failureReason]}</Fact>
              )}
              {outcome.notes && <Fact label="Notes">{outcome.notes}</Fact>}
            </Facts>
          ) : record.missing.length > 0 ? (
            <p className="text-sm text-slate-700">
              Still needed to complete: {record.missing.join(', ')}.
            </p>
          ) : (
            <p className="text-sm text-slate-700">Ready to complete.</p>
          )}
        </Part>
      </CardContent>
    </Card>
  );
}
