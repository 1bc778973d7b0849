import type { VisitActions, VisitStep } from '../../offline/visit-actions';
import type { VisitView } from '../../lib/visit-view';

export type StepProps = {
  view: VisitView;
  actions: VisitActions;
  /** Moves on to a step (stored, so the visit reopens there). */
  go: (step: VisitStep | 'fail') => void;
};
