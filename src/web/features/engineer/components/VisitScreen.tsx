import { ChevronLeft, MapPin } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../components/ui/button';
import type { EngineerDb } from '../offline/db';
import {
  visitStepLabels,
  visitSteps,
  type VisitActions,
  type VisitStep,
} from '../offline/visit-actions';
import { useVisitView } from '../lib/visit-view';
import { CheckInStep } from './steps/CheckInStep';
import { CommissioningStep } from './steps/CommissioningStep';
import { CompleteStep } from './steps/CompleteStep';
import { FailStep } from './steps/FailStep';
import { PhotosStep } from './steps/PhotosStep';
import { SerialsStep } from './steps/SerialsStep';
import { SignOffStep } from './steps/SignOffStep';
import { SurveyStep } from './steps/SurveyStep';
import { OutcomeSummary } from './OutcomeSummary';
import type { StepProps } from './steps/step-props';
import { dayLabel, londonToday, slotLabel, visitHref } from './visit-labels';

/** One visit, one step a screen; reopening the visit resumes at the step last shown. */
export function VisitScreen({
  db,
  actions,
  visitId,
  step,
}: {
  db: EngineerDb;
  actions: VisitActions;
  visitId: string;
  step: VisitStep | 'fail' | null;
}) {
  const view = useVisitView(db, visitId);
  const [, navigate] = useLocation();
  const resumeAt = view && !step ? view.step : null;

  useEffect(() => {
    if (resumeAt) navigate(visitHref(visitId, resumeAt), { replace: true });
  }, [resumeAt, visitId, navigate]);

  if (view === undefined) return null;
  if (view === null) {
    return (
      <div className="grid gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Visit not on this phone</h1>
        <p className="text-sm text-slate-700">
          This visit is not among your visits for the coming days.
        </p>
        <Link href="/engineer" className="text-sm font-medium text-brand-700 underline">
          Back to my visits
        </Link>
      </div>
    );
  }

  const go = (next: VisitStep | 'fail') => {
    if (next !== 'fail') void actions.goTo(visitId, next);
    navigate(visitHref(visitId, next));
  };
  const current = step ?? view.step;
  const { visit } = view;
  const closed = view.outcome !== null;

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Link
          href="/engineer"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          My visits
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {visit.customer.name}
        </h1>
        <p className="text-sm text-slate-700">
          {visit.orderNumber} · {visit.jobType.name} ·{' '}
          {dayLabel(visit.scheduledDate, londonToday())}, {slotLabel(visit.slot).toLowerCase()}
        </p>
        <p className="text-sm text-slate-700">
          {[...visit.address.lines, visit.address.town, visit.address.postcode].join(', ')}{' '}
          <a
            href={visit.address.mapsUrl}
            target="_blank"
            rel="noreferrer"
            className="inline-flex items-center gap-0.5 font-medium text-brand-700 underline"
          >
            <MapPin aria-hidden="true" className="size-3.5" />
            Map
          </a>
        </p>
        {(visit.accessNotes || visit.customerForm?.accessNotes) && (
          <p className="rounded-md bg-amber-50 px-2 py-1 text-sm text-amber-950">
            Access:{' '}
            {[visit.accessNotes, visit.customerForm?.accessNotes].filter(Boolean).join(' · ')}
          </p>
        )}
        {visit.customer.phone && (
          <a
            href={`tel:${visit.customer.phone}`}
            className="text-sm font-medium text-brand-700 underline"
          >
            Call {visit.customer.phone}
          </a>
        )}
      </div>

      {closed ? (
        <OutcomeSummary view={view} />
      ) : (
        <>
          <nav aria-label="Visit steps">
            <ol className="flex flex-wrap gap-1 text-xs">
              {visitSteps.map((s, index) => (
                <li key={s}>
                  <Link
                    href={visitHref(visitId, s)}
                    aria-current={s === current ? 'step' : undefined}
                    className={
                      s === current
                        ? 'block rounded-full bg-brand-700 px-2 py-1 font-medium text-white'
                        : 'block rounded-full bg-slate-100 px-2 py-1 text-slate-800'
                    }
                  >
                    {index + 1}. {visitStepLabels[s]}
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          <section aria-labelledby="step-heading" className="grid gap-3">
            <h2 id="step-heading" className="text-xl font-semibold text-slate-900">
              {current === 'fail' ? 'Fail the visit' : visitStepLabels[current]}
            </h2>
            <StepBody current={current} view={view} actions={actions} go={go} />
          </section>
          {current !== 'fail' && (
            <Button variant="outline" className="justify-self-start" onClick={() => go('fail')}>
              Cannot finish? Fail the visit
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function StepBody({ current, ...props }: StepProps & { current: VisitStep | 'fail' }) {
  switch (current) {
    case 'check-in':
      return <CheckInStep {...props} />;
    case 'survey':
      return <SurveyStep {...props} />;
    case 'photos':
      return <PhotosStep {...props} />;
    case 'serials':
      return <SerialsStep {...props} />;
    case 'commissioning':
      return <CommissioningStep {...props} />;
    case 'sign-off':
      return <SignOffStep {...props} />;
    case 'complete':
      return <CompleteStep {...props} />;
    case 'fail':
      return <FailStep {...props} />;
  }
}
