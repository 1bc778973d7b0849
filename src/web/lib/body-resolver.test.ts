import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError } from './api-client';
import { bodyResolver, firstMessage } from './body-resolver';
import { placeServerDetails } from './show-server-error';

const schema = z.object({
  limit: z.number({ error: 'Enter a number' }).min(1, 'At least 1'),
  ranges: z.array(z.string().min(3, 'Too short')),
});
type Typed = { limit: string; ranges: string };
const resolver = bodyResolver(schema, (values: Typed) => ({
  limit: Number(values.limit),
  ranges: values.ranges.split('\n').filter(Boolean),
}));
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('bodyResolver', () => {
  it('hands the submit handler the parsed body', async () => {
    const result = await resolver({ limit: '5', ranges: 'abc\ndef' }, undefined, options);
    expect(result).toEqual({ values: { limit: 5, ranges: ['abc', 'def'] }, errors: {} });
  });

  it('gives the schema’s messages under the form’s field names, an item’s under its field', async () => {
    const { errors } = await resolver({ limit: '0', ranges: 'abc\nx' }, undefined, options);
    expect(errors.limit?.message).toBe('At least 1');
    expect(firstMessage(errors.ranges)).toBe('Too short');
  });
});

describe('placeServerDetails', () => {
  const refusal = new HttpError(
    400,
    JSON.stringify({
      message: 'Check the fields',
      details: { 'ranges.1': ['Taken'], other: ['Elsewhere'] },
    }),
    'Check the fields',
  );

  it('puts an item’s detail on its field when asked to, and says what found no field', () => {
    const setError = vi.fn();
    expect(placeServerDetails(refusal, setError, ['ranges'], { items: true })).toEqual({
      placed: true,
      unplaced: true,
    });
    expect(setError).toHaveBeenCalledWith('ranges', { type: 'server', message: 'Taken' });
  });

  it('matches whole paths otherwise, and a refusal without details places nothing', () => {
    const setError = vi.fn();
    expect(placeServerDetails(refusal, setError, ['ranges'])).toEqual({
      placed: false,
      unplaced: true,
    });
    expect(placeServerDetails(new Error('offline'), setError, ['ranges']).placed).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
