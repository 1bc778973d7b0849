import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage, HttpError } from '@web/lib/api-client';

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
  const details = error instanceof HttpError ? error.payload?.details : undefined;
  let placed = false;
  let unplaced = false;
  if (details && options.setError && options.fields) {
    for (const [path, messages] of Object.entries(details)) {
      if (options.fields.includes(path) && Array.isArray(messages) && messages[0]) {
        options.setError(path as Path<T>, { type: 'server', message: messages[0] });
        placed = true;
      } else unplaced = true;
    }
  }
  if (!placed || unplaced) {
    toast({
      variant: 'destructive',
      title: options.title,
      description: errorMessage(error, options.fallback ?? 'Something went wrong; try again.'),
    });
  }
  return placed;
}
