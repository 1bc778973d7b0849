import { describe, expect, it } from 'vitest';
import {
  authErrorCodes,
  backupErrorCodes,
  commonErrorCodes,
  contractorEngineerErrorCodes,
  customerDataErrorCodes,
  customerJourneyErrorCodes,
  dispatchErrorCodes,
  errorCodes,
  isErrorCode,
  lifecycleErrorCodes,
  orderErrorCodes,
  partnerApiErrorCodes,
  stockErrorCodes,
  userErrorCodes,
  visitErrorCodes,
  webhookErrorCodes,
  xeroErrorCodes,
  type ErrorCode,
} from './error-codes';
import { idempotencyErrorCodes } from './idempotency';
import { lifecycleRefusalCodes, type LifecycleRefusalCode } from './orders/order-lifecycle';

// A refusal code missing from the catalog would fail to compile here.
const refusalIsErrorCode: LifecycleRefusalCode extends ErrorCode ? true : false = true;

describe('error code catalog', () => {
  const groups = [
    commonErrorCodes,
    idempotencyErrorCodes,
    authErrorCodes,
    userErrorCodes,
    orderErrorCodes,
    lifecycleErrorCodes,
    customerJourneyErrorCodes,
    contractorEngineerErrorCodes,
    dispatchErrorCodes,
    visitErrorCodes,
    webhookErrorCodes,
    partnerApiErrorCodes,
    stockErrorCodes,
    customerDataErrorCodes,
    backupErrorCodes,
    xeroErrorCodes,
  ];

  it('names every code once, in capitals', () => {
    const all = groups.flatMap((group) => Object.values(group));
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
  });

  it('keeps every group in the merged catalog (no key of one group shadows another)', () => {
    const keys = groups.flatMap((group) => Object.keys(group));
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(errorCodes)).toHaveLength(keys.length);
    for (const group of groups) {
      for (const [key, code] of Object.entries(group)) {
        expect(errorCodes[key as keyof typeof errorCodes]).toBe(code);
      }
    }
  });

  it('holds every refusal of the lifecycle table', () => {
    expect(refusalIsErrorCode).toBe(true);
    for (const code of lifecycleRefusalCodes) expect(isErrorCode(code)).toBe(true);
    expect(Object.values(lifecycleErrorCodes).sort()).toEqual([...lifecycleRefusalCodes].sort());
  });

  it('knows its own codes and nothing else', () => {
    expect(isErrorCode('STALE_ORDER')).toBe(true);
    expect(isErrorCode('ORDER_NOT_IN_STATE')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});
