import { describe, expect, it } from 'vitest';
import { createRequestKeys, doubleSubmitWindowMs, unknownOutcomeKeyMs } from './request-keys';

function keys() {
  let clock = 0;
  let made = 0;
  const requestKeys = createRequestKeys(
    () => clock,
    () => `key-${(made += 1)}`,
  );
  return {
    begin: (url = '/api/orders/o1/hold', body = '{"reason":"Away"}') =>
      requestKeys.begin('POST', url, body),
    pass: (ms: number) => {
      clock += ms;
    },
  };
}

describe('request keys (decision 057)', () => {
  it('gives the same request sent while the first is on its way the same key', () => {
    const k = keys();
    const first = k.begin();
    const second = k.begin();
    expect(second.key).toBe(first.key);
    first.settle('done');
    second.settle('done');
  });

  it('keeps it for the double-submit window after the first success, then makes a new one', () => {
    const k = keys();
    const first = k.begin();
    k.pass(10_000); // a slow answer: the window starts when it comes
    first.settle('done');
    k.pass(doubleSubmitWindowMs - 1);
    const repeat = k.begin();
    repeat.settle('done');
    expect(repeat.key).toBe(first.key);
    k.pass(1);
    expect(k.begin().key).not.toBe(first.key);
  });

  it('tells apart another URL, another body and another method', () => {
    const k = keys();
    const first = k.begin();
    expect(k.begin('/api/orders/o2/hold').key).not.toBe(first.key);
    expect(k.begin('/api/orders/o2/hold', '{"reason":"Other"}').key).not.toBe(first.key);
  });

  it('counts a repeat of the last request only: A, B, A are three actions', () => {
    const k = keys();
    const a = k.begin('/api/engineers/e1/disable', '');
    a.settle('done');
    k.begin('/api/engineers/e1/enable', '').settle('done');
    expect(k.begin('/api/engineers/e1/disable', '').key).not.toBe(a.key);
  });

  it('makes a new key after a refusal: nothing was done, the next try runs afresh', () => {
    const k = keys();
    const first = k.begin();
    const second = k.begin(); // sent while the first was on its way: it shares the refusal
    expect(second.key).toBe(first.key);
    first.settle('refused');
    second.settle('refused');
    expect(k.begin().key).not.toBe(first.key);
  });

  it('keeps the key of a request with no known outcome for its retry, up to an hour', () => {
    const k = keys();
    const first = k.begin();
    first.settle('unknown');
    k.pass(unknownOutcomeKeyMs - 1);
    const retry = k.begin();
    expect(retry.key).toBe(first.key);
    retry.settle('unknown');
    k.pass(unknownOutcomeKeyMs);
    expect(k.begin().key).not.toBe(first.key);
  });

  it('starts the window when a retried request is finally answered', () => {
    const k = keys();
    const first = k.begin();
    first.settle('unknown');
    k.pass(120_000);
    const retry = k.begin();
    retry.settle('done');
    k.pass(doubleSubmitWindowMs - 1);
    expect(k.begin().key).toBe(first.key);
  });
});
