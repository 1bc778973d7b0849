import { useState, type ComponentProps } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FormField } from './form-field';
import { Input } from './input';
import { penceToPounds, poundsToPence } from '../../lib/money';

/**
 * Pounds on screen, pence in the form: the contracts carry integer pence. An amount that is not
 * one gives NaN, which the shared schema refuses.
 */
export function MoneyInput({
  value,
  onChange,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: number | null | undefined;
  onChange: (pence: number | undefined) => void;
}) {
  const [text, setText] = useState(
    value === undefined || value === null || Number.isNaN(value) ? '' : penceToPounds(value),
  );
  const [shown, setShown] = useState(value);
  // A new value from outside (the job type's default): show it unless it is what was typed.
  if (value !== shown && !(Number.isNaN(value) && Number.isNaN(shown))) {
    setShown(value);
    if (typeof value === 'number' && !Number.isNaN(value) && poundsToPence(text) !== value)
      setText(penceToPounds(value));
  }
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-slate-500"
      >
        £
      </span>
      <Input
        {...props}
        inputMode="decimal"
        className="pl-7"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          const trimmed = e.target.value.trim();
          onChange(trimmed === '' ? undefined : (poundsToPence(trimmed) ?? Number.NaN));
        }}
      />
    </div>
  );
}

export const moneyError = 'Enter an amount in pounds, such as 120 or 120.50';

/** A labelled money input bound to a react-hook-form field holding pence. */
export function MoneyField<T extends FieldValues>({
  control,
  name,
  label,
  error,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  error?: string | undefined;
}) {
  return (
    <FormField label={label} error={error}>
      {(field) => (
        <Controller
          control={control}
          name={name}
          render={({ field: value }) => (
            <MoneyInput {...field} value={value.value} onChange={value.onChange} />
          )}
        />
      )}
    </FormField>
  );
}
