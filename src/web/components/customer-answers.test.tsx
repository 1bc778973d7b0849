import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CustomerAnswers as Answers } from '@shared/customer-links/customer-answers.contracts';
import { CustomerAnswers } from './customer-answers';

const photoId = '5f0c4a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';

const answers: Answers = {
  submittedAt: '2026-11-20T10:15:00.000Z',
  propertyType: 'semi_detached',
  tenure: 'tenant',
  landlordPermission: true,
  listedBuilding: 'not_sure',
  dishPosition: 'Back wall, above the kitchen window',
  accessNotes: 'Side gate; ring first',
  availability: [
    { date: '2026-11-30', slot: 'am' },
    { date: '2026-12-02', slot: 'all_day' },
  ],
  photos: [{ id: photoId, url: `/api/customer-photos/${photoId}` }],
};

const answerOf = (label: string) => screen.getByText(label).nextElementSibling as HTMLElement;

describe('CustomerAnswers', () => {
  it('shows each answer in words, never as a code', () => {
    render(<CustomerAnswers answers={answers} />);
    expect(answerOf('Property').textContent).toContain('Semi-detached house');
    expect(answerOf('Owner or tenant').textContent).toContain(
      'Rents the property; the landlord has given permission',
    );
    expect(answerOf('Listed building or conservation area').textContent).toContain(
      'The customer is not sure',
    );
    expect(answerOf('Dish position').textContent).toContain('Back wall, above the kitchen window');
    expect(answerOf('Access notes').textContent).toContain('Side gate; ring first');
    expect(document.body.textContent).not.toMatch(/semi_detached|not_sure|all_day|tenant\b/);
  });

  it('gives the dates the customer is in in UK form, with the time of day', () => {
    render(<CustomerAnswers answers={answers} />);
    const dates = within(answerOf('Available')).getAllByRole('listitem');
    expect(dates.map((d) => d.textContent)).toEqual([
      'Mon 30/11/2026, morning',
      'Wed 02/12/2026, all day',
    ]);
  });

  it('shows each photo as a thumbnail with alt text, linking to the full image', () => {
    render(<CustomerAnswers answers={answers} />);
    const image = screen.getByRole('img', { name: /Photo 1 of 1 from the customer/ });
    expect(image.getAttribute('src')).toBe(`/api/customer-photos/${photoId}`);
    expect(image.closest('a')?.getAttribute('href')).toBe(`/api/customer-photos/${photoId}`);
  });

  it('says plainly when nothing optional was given', () => {
    render(
      <CustomerAnswers
        answers={{
          ...answers,
          tenure: 'owner',
          landlordPermission: false,
          accessNotes: '',
          photos: [],
        }}
      />,
    );
    expect(answerOf('Owner or tenant').textContent).toContain('Owns the property');
    expect(answerOf('Access notes').textContent).toContain('None');
    expect(answerOf('Photos').textContent).toContain('None sent');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says the customer has not sent the form when there are no answers', () => {
    render(<CustomerAnswers answers={null} />);
    expect(screen.getByText('The customer has not sent the form yet.')).toBeTruthy();
    expect(screen.queryByRole('term')).toBeNull();
  });

  it('says the form step was recorded without answers when the office recorded it', () => {
    render(<CustomerAnswers answers={null} formRecorded />);
    expect(
      screen.getByText(/The form step was recorded without the customer’s answers/),
    ).toBeTruthy();
    expect(screen.queryByText('The customer has not sent the form yet.')).toBeNull();
  });
});
