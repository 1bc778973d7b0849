import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** Props to spread on the control so its label, hint and error are tied to it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

/**
 * A label, the control and its error message, wired together for screen readers.
 *
 * ```tsx
 * <FormField label="Email" error={errors.email?.message}>
 *   {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
 * </FormField>
 * ```
 */
export function FormField({
  label,
  error,
  description,
  children,
  className,
  id: givenId,
}: {
  label: ReactNode;
  /** The field's error message (react-hook-form: `errors.name?.message`). */
  error?: string | undefined;
  description?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
  id?: string;
}) {
  const generatedId = useId();
  const id = givenId ?? `field-${generatedId}`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div data-slot="form-field" className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className={cn(error && 'text-red-700')}>
        {label}
      </Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {description && (
        <p id={descriptionId} className="text-xs text-slate-500">
          {description}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
