import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '@web/lib/api-client';
import { placeServerDetails } from '@web/lib/show-server-error';

type Mutation<Body> = {
  mutate: (
    body: Body,
    callbacks: { onSuccess: () => void; onError: (error: unknown) => void },
  ) => void;
};

/**
 * A settings form's save: the server's field messages on their fields, any other refusal kept
 * for the form's foot, and "saved" until the next try.
 */
export function useFormSave<Values extends FieldValues, Body>(
  mutation: Mutation<Body>,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
  options: { items?: boolean } = {},
) {
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const save = (body: Body) => {
    setSaved(false);
    setFailure(null);
    mutation.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) => {
        if (!placeServerDetails(error, setError, fields, options).placed) setFailure(error);
      },
    });
  };
  return { save, saved, failure, invalid: () => setSaved(false) };
}

/** The foot of a settings form: "saved", or the refusal no field took. */
export function SaveOutcome({
  saved,
  failure,
  savedText,
  failureText,
}: {
  saved: boolean;
  failure: unknown;
  savedText: string;
  failureText: string;
}) {
  return (
    <>
      {saved && (
        <p role="status" className="text-sm text-emerald-800">
          {savedText}
        </p>
      )}
      {failure !== null && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failure, failureText)}
        </p>
      )}
    </>
  );
}
