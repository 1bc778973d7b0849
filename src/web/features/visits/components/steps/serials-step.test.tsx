import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SerialsBody } from '@shared/visits/visit-record';
import type { VisitActions } from '../../offline/visit-actions';
import type { VisitView } from '../../lib/visit-view';
import { SerialsStep } from './serials-step';

function viewWith(others: { label: string; serial: string }[] = []): VisitView {
  return {
    visit: {
      id: 'visit-1',
      kitExpected: [
        { kind: 'dish', expectedSerial: 'UTD-1' },
        { kind: 'router', expectedSerial: 'UTR-1' },
      ],
      record: { serials: { dish: 'UTD-1', router: 'UTR-1', others, mismatchReason: null } },
    },
    local: {},
  } as unknown as VisitView;
}

function renderStep(view: VisitView) {
  const saved: SerialsBody[] = [];
  const actions = {
    saveSerials: vi.fn(async (_visitId: string, body: SerialsBody) => {
      saved.push(body);
    }),
  } as unknown as VisitActions;
  const go = vi.fn();
  render(<SerialsStep view={view} actions={actions} go={go} />);
  return { saved, go };
}

describe('SerialsStep, other items', () => {
  it('records another item with its serial, after asking for the serial it lacks', async () => {
    const { saved, go } = renderStep(viewWith());
    await userEvent.click(screen.getByRole('button', { name: 'Add an item' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Item 1' }), 'Power supply');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('A serial number has at least 3 characters')).toBeTruthy();
    expect(saved).toEqual([]);

    await userEvent.type(screen.getByRole('textbox', { name: 'Item 1 serial' }), 'PSU-55120-A');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.others).toEqual([{ label: 'Power supply', serial: 'PSU-55120-A' }]);
    expect(go).toHaveBeenCalledWith('commissioning');
  });

  it('keeps the items already recorded when the step is saved again, and removes one on request', async () => {
    const { saved } = renderStep(
      viewWith([
        { label: 'Power supply', serial: 'PSU-1' },
        { label: 'Mount', serial: 'MNT-2' },
      ]),
    );
    expect(screen.getByRole('textbox', { name: 'Item 2 serial' })).toHaveProperty('value', 'MNT-2');
    await userEvent.click(screen.getByRole('button', { name: 'Remove item 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(saved[0]!.others).toEqual([{ label: 'Mount', serial: 'MNT-2' }]);
  });
});
