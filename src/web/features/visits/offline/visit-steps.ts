// The steps of a visit, in the order the engineer does them.
export const visitSteps = [
  'check-in',
  'survey',
  'photos',
  'serials',
  'commissioning',
  'sign-off',
  'complete',
] as const;
export type VisitStep = (typeof visitSteps)[number];

export const visitStepLabels: Record<VisitStep, string> = {
  'check-in': 'Check in',
  survey: 'Survey and safety',
  photos: 'Photos',
  serials: 'Serials',
  commissioning: 'Commissioning',
  'sign-off': 'Customer sign-off',
  complete: 'Complete',
};

export function isVisitStep(value: string | undefined): value is VisitStep {
  return (visitSteps as readonly string[]).includes(value ?? '');
}

export function nextStep(step: VisitStep): VisitStep {
  return visitSteps[Math.min(visitSteps.indexOf(step) + 1, visitSteps.length - 1)]!;
}
