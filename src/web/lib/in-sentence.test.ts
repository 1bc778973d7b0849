import { describe, expect, it } from 'vitest';
import { inSentence } from './in-sentence';

describe('inSentence', () => {
  it('lowers a capitalised first word', () => {
    expect(inSentence('Sign-in failures')).toBe('sign-in failures');
  });
  it('keeps an initialism as it is', () => {
    expect(inSentence('IP blocks')).toBe('IP blocks');
    expect(inSentence('SLA met')).toBe('SLA met');
  });
});
