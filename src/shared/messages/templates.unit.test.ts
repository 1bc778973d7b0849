import { describe, expect, it } from 'vitest';
import {
  defaultTemplates,
  renderTemplate,
  smsLength,
  templateChannels,
  templateKinds,
  templateProblem,
  variablesIn,
} from './templates';

describe('SMS length in segments', () => {
  it('counts GSM-7 at 160 alone and 153 a part', () => {
    expect(smsLength('')).toMatchObject({ encoding: 'GSM-7', segments: 0 });
    expect(smsLength('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsLength('a'.repeat(306)).segments).toBe(2);
    expect(smsLength('a'.repeat(307)).segments).toBe(3);
  });

  it('counts extension characters (€, brackets) as two septets', () => {
    expect(smsLength('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsLength(`${'€'.repeat(80)}a`).segments).toBe(2);
  });

  it('switches to UCS-2 at 70 alone and 67 a part for any other character', () => {
    expect(smsLength('ą'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsLength('ą'.repeat(71)).segments).toBe(2);
    expect(smsLength('ą'.repeat(134)).segments).toBe(2);
    expect(smsLength('ą'.repeat(135)).segments).toBe(3);
    // An emoji is two UTF-16 units.
    expect(smsLength('Hi 👋')).toMatchObject({ encoding: 'UCS-2', units: 5 });
  });
});

describe('template variables', () => {
  it('finds, checks and renders variables', () => {
    expect(variablesIn('Hi {{firstName}}, {{ link }} {{firstName}}')).toEqual([
      'firstName',
      'link',
    ]);
    expect(templateProblem('order_received', 'Hi {{firstName}} {{link}}')).toBeNull();
    expect(templateProblem('order_received', 'Hi {{fistName}}')).toEqual({
      variable: 'fistName',
      reason: 'unknown',
    });
    expect(templateProblem('order_received', 'On {{date}}')).toEqual({
      variable: 'date',
      reason: 'not_allowed',
    });
    expect(renderTemplate('Hi {{firstName}}{{slot}}!', { firstName: 'Jo' })).toBe('Hi Jo!');
  });

  it('ships default templates that pass their own rules', () => {
    for (const kind of templateKinds) {
      for (const channel of templateChannels) {
        const text = defaultTemplates[kind][channel];
        expect(templateProblem(kind, text.body), `${kind} ${channel}`).toBeNull();
        if (channel === 'email') expect(text.subject).toBeTruthy();
      }
    }
  });
});
