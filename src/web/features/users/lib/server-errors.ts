import { userErrorCodes } from '@shared/users/users.contracts';
import { errorCode, errorMessage, HttpError } from '@web/lib/api-client';

/** A server error split into messages for the form's fields and one for the whole form. */
export type SplitError = {
  fields: Record<string, string>;
  /** Shown above the form when no field took the message. */
  form: string | null;
};

const fieldOfCode: Record<string, string> = {
  [userErrorCodes.emailTaken]: 'email',
  [userErrorCodes.phoneTaken]: 'phone',
};

/**
 * Puts the server's answer where the user will see it: a known code on its field, per-field
 * validation details on their fields, anything else as one message for the form.
 */
export function splitServerError(
  error: unknown,
  knownFields: readonly string[],
  fallback: string,
): SplitError {
  const fields: Record<string, string> = {};
  const code = errorCode(error);
  const message = errorMessage(error, fallback);
  const codeField = code ? fieldOfCode[code] : undefined;
  if (codeField && knownFields.includes(codeField)) {
    fields[codeField] = message;
    return { fields, form: null };
  }
  const details = error instanceof HttpError ? error.payload?.details : undefined;
  let unplaced = false;
  for (const [path, messages] of Object.entries(details ?? {})) {
    const field = path.split('.')[0] ?? path;
    if (knownFields.includes(field) && messages[0]) fields[field] = messages[0];
    else unplaced = true;
  }
  const placedAny = Object.keys(fields).length > 0;
  return { fields, form: placedAny && !unplaced ? null : message };
}
