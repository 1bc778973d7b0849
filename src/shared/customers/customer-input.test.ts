import { describe, expect, it } from 'vitest';
import { orderMessages } from '../schema/common.contracts';
import { customerInput } from './customers.contracts';

const base = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: { line1: '1 High St', town: 'Exeter', postcode: 'EX1 1AA' },
};

describe('customer input (issue 10 form rules)', () => {
  it('names the email-or-phone rule on both fields', () => {
    const result = customerInput.safeParse(base);
    expect(result.success).toBe(false);
    const fields = result.error!.flatten().fieldErrors as Record<string, string[]>;
    expect(fields.email).toEqual([orderMessages.contactNeeded]);
    expect(fields.phone).toEqual([orderMessages.contactNeeded]);
  });

  it('says an empty postcode is required, not invalid', () => {
    const result = customerInput.safeParse({
      ...base,
      email: 'ada@example.com',
      address: { ...base.address, postcode: ' ' },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => issue.message)).toEqual([orderMessages.required]);
    const bad = customerInput.safeParse({
      ...base,
      email: 'ada@example.com',
      address: { ...base.address, postcode: 'NOT A CODE' },
    });
    expect(bad.error!.issues.map((issue) => issue.message)).toEqual([
      orderMessages.invalidPostcode,
    ]);
  });
});
