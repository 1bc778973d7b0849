import { CalendarDays } from 'lucide-react';
import { useRef, useState, type ComponentProps } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { formatUkDate, isIsoDateShape, parseUkDate, ukDateHint } from '@shared/schema/uk-date';
import { cn } from '../../lib/cn';
import { FormField } from './form-field';
import { Input } from './input';

type DateInputProps = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'min' | 'max'
> & {
  /** YYYY-MM-DD, '' for none, or what was typed when it could not be read as a date. */
  value: string;
  /** Gets YYYY-MM-DD once what is typed reads as a date (dd/mm/yyyy), else the text as typed. */
  onChange(value: string): void;
  /** YYYY-MM-DD bounds for the calendar. */
  min?: string | undefined;
  max?: string | undefined;
  /** The calendar button's name, e.g. "Choose date 1 from a calendar". */
  pickerLabel?: string;
};

const shown = (value: string) => (isIsoDateShape(value) ? formatUkDate(value) : value);

/**
 * A date typed and shown the UK way, dd/mm/yyyy (issue 24), beside a button that opens the
 * browser's own calendar; the form gets YYYY-MM-DD, the wire's form. What cannot be read goes to
 * the form as typed, so the form's schema (`typedDate`) says "Enter a date as dd/mm/yyyy …".
 */
export function DateInput({
  value,
  onChange,
  min,
  max,
  pickerLabel = 'Choose a date from a calendar',
  className,
  onBlur,
  ...props
}: DateInputProps) {
  const [text, setText] = useState(() => shown(value));
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, a draft, the calendar) shows in UK form; one that is
  // what is typed already leaves the typing alone.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if ((parseUkDate(text) ?? text.trim()) !== value) setText(shown(value));
  }

  function type(next: string) {
    setText(next);
    onChange(next.trim() === '' ? '' : (parseUkDate(next) ?? next.trim()));
  }

  function openCalendar() {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.focus();
    }
  }

  return (
    <div className="relative flex gap-2">
      <Input
        {...props}
        type="text"
        inputMode="text"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        value={text}
        className={cn('min-w-0 flex-1', className)}
        onChange={(e) => type(e.target.value)}
        onBlur={(e) => {
          // Once read, the date is shown the one way: 1/12/2026 becomes 01/12/2026.
          const read = parseUkDate(text);
          if (read) setText(formatUkDate(read));
          onBlur?.(e);
        }}
      />
      <button
        type="button"
        aria-label={pickerLabel}
        disabled={props.disabled}
        onClick={openCalendar}
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500/40 focus-visible:outline-none disabled:opacity-50"
      >
        <CalendarDays aria-hidden="true" className="size-5" />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
        value={isIsoDateShape(value) ? value : ''}
        min={min}
        max={max}
        onChange={(e) => {
          setText(formatUkDate(e.target.value));
          onChange(e.target.value);
        }}
      />
    </div>
  );
}

/**
 * A labelled date bound to a react-hook-form field holding YYYY-MM-DD; an empty field holds
 * `emptyAs` (null for an optional date in the contracts, '' where the form keeps text).
 */
export function DateField<T extends FieldValues, TContext = unknown, TOut = T>({
  control,
  name,
  label,
  error,
  required,
  emptyAs = null,
  min,
  max,
  className,
  description = ukDateHint,
  pickerLabel = `Choose the ${label.toLowerCase()} from a calendar`,
}: {
  control: Control<T, TContext, TOut>;
  name: Path<T>;
  label: string;
  error?: string | undefined;
  required?: boolean;
  emptyAs?: '' | null;
  min?: string | undefined;
  max?: string | undefined;
  className?: string;
  /** The hint under the label; null where the page says it once for several dates. */
  description?: string | null;
  pickerLabel?: string;
}) {
  return (
    <FormField
      label={label}
      error={error}
      required={required}
      description={description ?? undefined}
      className={className}
    >
      {(control_) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <DateInput
              {...control_}
              name={field.name}
              ref={field.ref}
              value={typeof field.value === 'string' ? field.value : ''}
              onChange={(value) => field.onChange(value === '' ? emptyAs : value)}
              onBlur={field.onBlur}
              min={min}
              max={max}
              pickerLabel={pickerLabel}
            />
          )}
        />
      )}
    </FormField>
  );
}
