import {
  clientErrorLimits,
  clientErrorsPath,
  type ClientErrorReport,
} from '@shared/client-errors/client-errors.contracts';
import { appVersion } from '@web/lib/app-version';
import { sendJson } from '@web/lib/api-client';

// The server refuses control characters and half of a surrogate pair (safe text, issue 9/18):
// an error's text may hold either (terminal colours, a cut emoji), so they are replaced here.
// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const loneSurrogates = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** At most `max` characters of text the server takes, so a long stack is cut, not refused. */
function cut(text: string, max: number): string {
  const clean = text.replace(controlCharacters, '');
  return (clean.length > max ? clean.slice(0, max) : clean).replace(loneSurrogates, '\uFFFD');
}

/** What a page that threw tells the server (the path only: a query string may hold a token). */
export function clientErrorReportFor(
  error: unknown,
  componentStack: string | null | undefined,
  path: string,
): ClientErrorReport {
  const message = error instanceof Error ? error.message : String(error);
  const stack = [error instanceof Error ? error.stack : undefined, componentStack?.trim()]
    .filter(Boolean)
    .join('\n\nComponents:\n');
  return {
    message: cut(message.trim() || 'Unknown error', clientErrorLimits.message),
    stack: stack ? cut(stack, clientErrorLimits.stack) : null,
    route: cut(path || '/', clientErrorLimits.route),
    appVersion: cut(appVersion, clientErrorLimits.appVersion),
  };
}

/**
 * POST /api/client-errors (public, 204). Never fails: a report that cannot be sent is dropped,
 * the page already shows what went wrong.
 */
export async function reportClientError(report: ClientErrorReport): Promise<void> {
  try {
    await sendJson<null>('POST', clientErrorsPath, report);
  } catch {
    // Offline, rate-limited or refused: nothing more to do from a broken page.
  }
}
