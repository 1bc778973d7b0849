import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

/** Props to spread on the control so its label, hint and error are tied to it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
  'aria-required'?: true;
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
  required,
}: {
  label: ReactNode;
  /** The field's error message (react-hook-form: `errors.name?.message`). */
  error?: string | undefined;
  description?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
  id?: string;
  /** Marks the label with an asterisk and the control as required for screen readers. */
  required?: boolean;
}) {
  const generatedId = useId();
  const id = givenId ?? `field-${generatedId}`;
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    // content-start: an error message below one field never shifts its neighbours in a grid row.
    <div data-slot="form-field" className={cn('grid content-start gap-1.5', className)}>
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id} className={cn(error && 'text-red-700')}>
          {label}
        </Label>
        {required && (
          <span aria-hidden="true" className="text-sm font-medium text-red-700">
            *
          </span>
        )}
      </div>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        ...(required ? { 'aria-required': true as const } : {}),
      })}
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
