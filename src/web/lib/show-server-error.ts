import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, HttpError } from '@web/lib/api-client';

/**
 * Puts each `details` entry of a server error on the form field it names (with `items`, also the
 * field whose items it names: `defaultAllowedCidrs.2` on `defaultAllowedCidrs`). Answers whether
 * any took a place and whether any found none (or the error had no details).
 */
export function placeServerDetails<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  { items = false }: { items?: boolean } = {},
): { placed: boolean; unplaced: boolean } {
  const details = error instanceof HttpError ? error.payload?.details : undefined;
  if (!details) return { placed: false, unplaced: true };
  let placed = false;
  let unplaced = false;
  const taken = new Set<string>();
  for (const [path, messages] of Object.entries(details)) {
    const field = fields.find((name) => path === name || (items && path.startsWith(`${name}.`)));
    if (field && Array.isArray(messages) && messages[0]) {
      if (!taken.has(field)) setError(field as Path<T>, { type: 'server', message: messages[0] });
      taken.add(field);
      placed = true;
    } else unplaced = true;
  }
  return { placed, unplaced };
}

/**
 * Shows a server error where the user will see it: each `details` entry whose path is a field of
 * the form goes on that field; anything else (or no details) becomes a destructive toast with
 * the server's message. Answers whether any field took a message.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  options: {
    title: string;
    fallback?: string;
    setError?: UseFormSetError<T>;
    fields?: readonly string[];
  },
): boolean {
  const { placed, unplaced } =
    options.setError && options.fields
      ? placeServerDetails(error, options.setError, options.fields)
      : { placed: false, unplaced: true };
  if (!placed || unplaced) {
    toast({
      variant: 'destructive',
      title: options.title,
      description: errorMessage(error, options.fallback ?? 'Something went wrong; try again.'),
    });
  }
  return placed;
}
