import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImperativeHandle, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import { failBody, signOffBody, surveyBody } from '@shared/visits/visit-record';
import type { SignatureHandle } from '../signature-pad-field';
import type { VisitActions } from '../../offline/visit-actions';
import type { VisitView } from '../../lib/visit-view';
import { CommissioningStep } from './commissioning-step';
import { FailStep } from './fail-step';
import { SignOffStep } from './sign-off-step';
import { SurveyStep } from './survey-step';

// jsdom has no canvas: a pad that is signed by a click stands in for signature_pad.
vi.mock('../signature-pad-field', () => ({
  default: function StandInPad({ handle }: { handle: Ref<SignatureHandle> }) {
    let signed = false;
    useImperativeHandle(handle, () => ({
      isEmpty: () => !signed,
      toPng: () => (signed ? 'data:image/png;base64,iVBORw0KGgo=' : ''),
    }));
    return (
      <button type="button" onClick={() => (signed = true)}>
        Sign
      </button>
    );
  },
}));

const view = {
  visit: { id: 'visit-1', kitExpected: [], record: {} },
  local: {},
  step: 'survey',
  signedBy: null,
} as unknown as VisitView;

function renderStep(Step: typeof SurveyStep, stepView: VisitView = view) {
  const actions = {
    saveSurvey: vi.fn(async () => {}),
    saveCommissioning: vi.fn(async () => {}),
    signOff: vi.fn(async () => {}),
    fail: vi.fn(async () => {}),
  };
  const go = vi.fn();
  render(<Step view={stepView} actions={actions as unknown as VisitActions} go={go} />);
  return { actions, go };
}

/** The shared schema's message for a field of a body, as the server would answer it. */
function schemaMessage(schema: ZodType, body: unknown, field: string) {
  const parsed = schema.safeParse(body);
  return parsed.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

describe('visit step forms give the server schema’s messages', () => {
  it('survey: each field’s message is the one surveyBody gives, and a right survey is saved', async () => {
    const { actions, go } = renderStep(SurveyStep);
    await save();
    for (const field of [
      'mountingType',
      'cableRoute',
      'cableLengthM',
      'workingAtHeightConfirmed',
    ]) {
      const message = schemaMessage(surveyBody, {}, field)!;
      expect(message).toBeTruthy();
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(actions.saveSurvey).not.toHaveBeenCalled();

    await userEvent.selectOptions(screen.getByLabelText('Mounting type'), 'wall');
    await userEvent.type(screen.getByLabelText('Cable route'), 'Along the eaves');
    await userEvent.type(screen.getByLabelText('Cable length used (m)'), '12,5');
    await userEvent.type(screen.getByLabelText('Power location'), 'Hall');
    await userEvent.type(screen.getByLabelText('Router location'), 'Lounge');
    await userEvent.click(screen.getByRole('checkbox'));
    await save();
    expect(actions.saveSurvey).toHaveBeenCalledWith(
      'visit-1',
      expect.objectContaining({
        mountingType: 'wall',
        cableLengthM: 12.5,
        workingAtHeightConfirmed: true,
        planningIssues: '',
      }),
    );
    expect(go).toHaveBeenCalledWith('photos');
  });

  it('commissioning: readings outside the thresholds need a reason before they are saved', async () => {
    const { actions, go } = renderStep(CommissioningStep);
    await userEvent.type(screen.getByLabelText('Dish ID'), 'DISH-1');
    await userEvent.type(screen.getByLabelText('Router ID'), 'ROUTER-1');
    await userEvent.type(screen.getByLabelText('Obstruction (%)'), '1');
    await userEvent.type(screen.getByLabelText('Download (Mbit/s)'), '20');
    await userEvent.type(screen.getByLabelText('Upload (Mbit/s)'), '10');
    await userEvent.type(screen.getByLabelText('Latency (ms)'), '30');
    await save();
    expect(
      await screen.findByText('Give a reason to go on with readings outside the thresholds'),
    ).toBeTruthy();
    expect(actions.saveCommissioning).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Reason to go on'), 'Customer accepts');
    await save();
    expect(actions.saveCommissioning).toHaveBeenCalledWith(
      'visit-1',
      expect.objectContaining({ downloadMbps: 20, thresholdReason: 'Customer accepts' }),
    );
    expect(go).toHaveBeenCalledWith('sign-off');
  });

  it('commissioning: the dish and router IDs start from the serials already recorded', async () => {
    const withSerials = {
      ...view,
      local: { serials: { dish: 'UTDISH0001', router: 'RTR0001', others: [] } },
    } as unknown as VisitView;
    renderStep(CommissioningStep, withSerials);
    const dish = screen.getByLabelText<HTMLInputElement>('Dish ID');
    expect(dish.value).toBe('UTDISH0001');
    expect(screen.getByLabelText<HTMLInputElement>('Router ID').value).toBe('RTR0001');
    expect(dish.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getAllByText(/Filled in from the serials/)).toHaveLength(2);
  });

  it('sign-off: asks for the name (signOffBody’s message) and the signature', async () => {
    const { actions, go } = renderStep(SignOffStep);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Save signature and continue' }),
    );
    const nameMessage = schemaMessage(signOffBody, { name: '' }, 'name')!;
    expect(await screen.findByText(nameMessage)).toBeTruthy();
    expect(screen.getByText('Ask the customer to sign in the box')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Customer’s name'), 'Ann Example');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save signature and continue' }));
    expect(actions.signOff).toHaveBeenCalledWith(
      'visit-1',
      expect.objectContaining({ name: 'Ann Example' }),
    );
    expect(go).toHaveBeenCalledWith('complete');
  });

  it('fail: “other” needs notes, with failBody’s message', async () => {
    const { actions } = renderStep(FailStep);
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Fail the visit' }));
    const message = schemaMessage(
      failBody,
      { at: new Date().toISOString(), failureReason: 'other', notes: '' },
      'notes',
    )!;
    expect(await screen.findByText(message)).toBeTruthy();
    expect(actions.fail).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Notes'), 'Dog on the roof');
    await userEvent.click(screen.getByRole('button', { name: 'Fail the visit' }));
    expect(actions.fail).toHaveBeenCalledWith(
      'visit-1',
      expect.objectContaining({ failureReason: 'other', notes: 'Dog on the roof' }),
    );
  });
});
