// Which Idempotency-Key a state-changing call carries (decisions 019 and 057). The server runs
// a key once and answers every repeat with that first answer, so the key decides what counts
// as "the same action":
// - a new action gets a new key;
// - the same request (method, URL and body) sent again right after itself is the same action:
//   while the first is still on its way, or within `doubleSubmitWindowMs` of its success (a
//   double click, a form submitted twice, Enter and a click);
// - after a refusal (4xx) nothing was done: the same request again is a new try, with a new
//   key, so that it runs against what may have changed since;
// - a request whose outcome is unknown (no answer, a 5xx, "try later") keeps its key for its
//   retry, so a change that did reach the server is not made again.
// Only a repeat of the very last request counts: "disable, enable, disable" is three actions,
// even within the window, because the second one came between.

/** How long after its success the same request again still counts as the same action. */
export const doubleSubmitWindowMs = 5_000;
/** How long a request with no known outcome keeps its key for a retry. */
export const unknownOutcomeKeyMs = 60 * 60 * 1000;

/**
 * What became of a send: done (2xx, 3xx), refused (a 4xx the server keeps), or unknown (no
 * answer, 5xx, 408, 429, still running): the change may or may not have been made.
 */
export type SendOutcome = 'done' | 'refused' | 'unknown';

type LastRequest = {
  signature: string;
  key: string;
  inFlight: number;
  outcome: SendOutcome | null;
  settledAt: number;
};

export type RequestKeys = {
  /** The key for one send of this request; call `settle` once its outcome is known. */
  begin(
    method: string,
    url: string,
    body: string | undefined,
  ): { key: string; settle(outcome: SendOutcome): void };
};

export function createRequestKeys(
  now: () => number = () => Date.now(),
  newKey: () => string = () => crypto.randomUUID(),
): RequestKeys {
  let last: LastRequest | null = null;

  function stillTheSameAction(entry: LastRequest, at: number): boolean {
    if (entry.inFlight > 0) return true;
    if (entry.outcome === 'done') return at - entry.settledAt < doubleSubmitWindowMs;
    if (entry.outcome === 'unknown') return at - entry.settledAt < unknownOutcomeKeyMs;
    return false;
  }

  return {
    begin(method, url, body) {
      const signature = `${method.toUpperCase()} ${url}\n${body ?? ''}`;
      const at = now();
      const entry: LastRequest =
        last && last.signature === signature && stillTheSameAction(last, at)
          ? last
          : { signature, key: newKey(), inFlight: 0, outcome: null, settledAt: at };
      last = entry;
      entry.inFlight += 1;
      let settled = false;
      return {
        key: entry.key,
        settle(outcome) {
          if (settled) return;
          settled = true;
          entry.inFlight -= 1;
          // The window runs from the first success: repeats replay it and do not extend it.
          if (entry.outcome === 'done') return;
          entry.outcome = outcome;
          entry.settledAt = now();
        },
      };
    },
  };
}
