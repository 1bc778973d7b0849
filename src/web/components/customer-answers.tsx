import type { ReactNode } from 'react';
import {
  availabilityInWords,
  listedWords,
  propertyInWords,
  tenureInWords,
  type CustomerAnswers as Answers,
} from '@shared/customer-links/customer-answers.contracts';
import { formatDateTime } from '@web/lib/format-date';

function Answer({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8.5rem_1fr] gap-2 py-1 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * What the customer sent on the customer form (issue 24), in words: the same on the back-office
 * order and customer, the contractor's order, the installation page and the engineer's visit.
 * Photos are thumbnails linking to the full image, both through the authorised photo route.
 */
export function CustomerAnswers({
  answers,
  formRecorded = false,
}: {
  answers: Answers | null | undefined;
  /** The form step was recorded (e.g. by the office, from a call) without the form's answers. */
  formRecorded?: boolean;
}) {
  if (!answers) {
    return (
      <p className="text-sm text-slate-600">
        {formRecorded
          ? 'The form step was recorded without the customer’s answers (for example, taken by phone), so there is nothing from the form to show.'
          : 'The customer has not sent the form yet.'}
      </p>
    );
  }
  // A phone may hold a visit synced before the answers carried dates and photos.
  const availability = answers.availability ?? [];
  const photos = answers.photos ?? [];
  return (
    <div className="grid gap-2">
      <dl>
        <Answer label="Sent">{formatDateTime(answers.submittedAt)}</Answer>
        <Answer label="Available">
          {availability.length === 0 ? (
            'No dates given'
          ) : (
            <ul className="grid gap-0.5">
              {availability.map((entry) => (
                <li key={`${entry.date}:${entry.slot}`}>{availabilityInWords(entry)}</li>
              ))}
            </ul>
          )}
        </Answer>
        <Answer label="Dish position">{answers.dishPosition.trim() || 'Not given'}</Answer>
        <Answer label="Property">{propertyInWords(answers)}</Answer>
        <Answer label="Owner or tenant">{tenureInWords(answers)}</Answer>
        <Answer label="Listed building or conservation area">
          {listedWords[answers.listedBuilding] ?? answers.listedBuilding}
        </Answer>
        <Answer label="Access notes">{answers.accessNotes.trim() || 'None'}</Answer>
        <Answer label="Photos">
          {photos.length === 0 ? (
            'None sent'
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label="Photos from the customer">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <a
                    href={photo.url}
                    target="_blank"
                    rel="noreferrer"
                    className="block rounded border border-slate-200 hover:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <img
                      src={photo.url}
                      alt={`Photo ${index + 1} of ${photos.length} from the customer (opens the full image)`}
                      loading="lazy"
                      className="size-20 rounded object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </Answer>
      </dl>
    </div>
  );
}
