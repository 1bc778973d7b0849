import { useId, useRef, useState } from 'react';
import { calendarDateMessages, calendarDateProblem } from '@shared/schema/calendar-date';
import { isIsoDateShape, ukDateMessage } from '@shared/schema/uk-date';
import { DateInput } from './ui/date-input';
import { Label } from './ui/label';

/** Why a typed filter date cannot be used yet, in words, or null when it can. */
function problemOf(value: string): string | null {
  if (value === '') return null;
  if (!isIsoDateShape(value)) return ukDateMessage;
  const problem = calendarDateProblem(value);
  return problem ? calendarDateMessages[problem] : null;
}

/**
 * A labelled date filter typed dd/mm/yyyy (issue 24). The list gets YYYY-MM-DD (or '') only
 * once what is typed is a date; until then it keeps its last one, and on leaving the field a
 * date it cannot read is named as such.
 */
export function DateFilter({
  id: givenId,
  label,
  value,
  onChange,
  min,
  max,
}: {
  id?: string | undefined;
  label: string;
  value: string;
  onChange(value: string): void;
  min?: string | undefined;
  max?: string | undefined;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = `${id}-error`;
  const typed = useRef(value);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <DateInput
        id={id}
        value={value}
        min={min}
        max={max}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? errorId : undefined}
        pickerLabel={`Calendar for ${label.toLowerCase()}`}
        onChange={(next) => {
          typed.current = next;
          if (problemOf(next) === null) {
            setProblem(null);
            onChange(next);
          }
        }}
        onBlur={() => setProblem(problemOf(typed.current))}
      />
      {problem && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
