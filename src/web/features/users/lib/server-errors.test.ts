import { describe, expect, it } from 'vitest';
import { HttpError } from '@web/lib/api-client';
import { splitServerError } from './server-errors';

function httpError(status: number, body: object) {
  const text = JSON.stringify(body);
  return new HttpError(status, text, `${status}: ${text}`);
}

const fields = ['email', 'firstName', 'phone'];

describe('splitServerError', () => {
  it('puts a taken email on the email field', () => {
    const error = httpError(409, {
      message: 'A user with this email address already exists',
      code: 'EMAIL_TAKEN',
    });
    expect(splitServerError(error, fields, 'x')).toEqual({
      fields: { email: 'A user with this email address already exists' },
      form: null,
    });
  });

  it('puts validation details on their fields', () => {
    const error = httpError(400, {
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      details: { firstName: ['First name is required'] },
    });
    expect(splitServerError(error, fields, 'x')).toEqual({
      fields: { firstName: 'First name is required' },
      form: null,
    });
  });

  it('keeps the message for the form when a detail has no field here', () => {
    const error = httpError(400, {
      message: 'Invalid request',
      code: 'VALIDATION_ERROR',
      details: { contractorId: ['Not a contractor'] },
    });
    expect(splitServerError(error, fields, 'x')).toEqual({ fields: {}, form: 'Invalid request' });
  });

  it('falls back when the answer carries no message', () => {
    expect(splitServerError(new Error('boom'), fields, 'Could not save')).toEqual({
      fields: {},
      form: 'Could not save',
    });
  });
});
