import { ChevronLeft } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/ui/button';
import type { EngineerDb } from '../offline/db';
import {
  visitStepLabels,
  visitSteps,
  type VisitActions,
  type VisitStep,
} from '../offline/visit-actions';
import { useVisitView } from '../lib/visit-view';
import { CheckInStep } from './steps/check-in-step';
import { CommissioningStep } from './steps/commissioning-step';
import { CompleteStep } from './steps/complete-step';
import { FailStep } from './steps/fail-step';
import { PhotosStep } from './steps/photos-step';
import { SerialsStep } from './steps/serials-step';
import { SignOffStep } from './steps/sign-off-step';
import { SurveyStep } from './steps/survey-step';
import { OutcomeSummary } from './outcome-summary';
import { VisitNotices } from './visit-notices';
import type { StepProps } from './steps/step-props';
import { visitHref } from './visit-labels';
import { VisitHeader } from './visit-header';
import { CustomerAnswers } from '@web/components/customer-answers';

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
        <VisitNotices db={db} actions={actions} visitId={visitId} />
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
  // Nothing moves on past a check-in the server has not got or has refused (decision 059).
  const current = !view.checkedIn && step !== 'fail' ? 'check-in' : (step ?? view.step);
  const { visit } = view;
  const closed = view.outcome !== null;

  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Link
          href="/engineer"
          className="inline-flex min-h-6 items-center gap-1 justify-self-start text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
          My visits
        </Link>
        <VisitHeader visit={visit} />
      </div>

      <details className="rounded-lg border border-slate-200 bg-white px-3 text-sm">
        <summary className="cursor-pointer py-2 font-medium text-slate-900">
          From the customer
        </summary>
        <div className="pb-3">
          <CustomerAnswers answers={visit.customerForm} />
        </div>
      </details>

      <VisitNotices db={db} actions={actions} visitId={visitId} />

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
