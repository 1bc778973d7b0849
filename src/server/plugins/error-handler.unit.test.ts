import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorCode } from '@shared/error-codes';
import { AppError, conflict } from '../errors';
import { errorHandlerPlugin } from './error-handler';

// The error handler on its own, with routes that fail in each way it must handle.
describe('error handler', () => {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();

  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorHandlerPlugin);
    app.post(
      '/things',
      {
        schema: {
          body: z.object({
            name: z.string().min(2, 'Name is too short'),
            address: z.object({ postcode: z.string().regex(/^[A-Z]/, 'Enter a UK postcode') }),
          }),
        },
      },
      async () => ({ ok: true }),
    );
    app.get('/conflict', async () => {
      // Codes outside the catalog do not type-check; the cast tests the pass-through alone.
      throw conflict('ORDER_NOT_IN_STATE' as ErrorCode, 'The order is not awaiting validation');
    });
    app.get('/with-details', async () => {
      throw new AppError(422, 'BAD_THING' as ErrorCode, 'Bad thing', { field: ['is wrong'] });
    });
    app.get('/crash', async () => {
      throw new Error('database password is hunter2');
    });
    await app.ready();
  });

  it('answers validation errors with 400 and per-field details', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: { name: 'x', address: { postcode: 'ex1' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'name: Name is too short',
      code: 'VALIDATION_ERROR',
      details: { name: ['Name is too short'], 'address.postcode': ['Enter a UK postcode'] },
    });
  });

  it('answers malformed JSON with a 400 and a code', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('FST_ERR_CTP_INVALID_JSON_BODY');
  });

  it('keeps the status, code and message of deliberate errors', async () => {
    const res = await app.inject({ url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'The order is not awaiting validation',
      code: 'ORDER_NOT_IN_STATE',
    });
    const detailed = await app.inject({ url: '/with-details' });
    expect(detailed.json()).toEqual({
      message: 'Bad thing',
      code: 'BAD_THING',
      details: { field: ['is wrong'] },
    });
  });

  it('hides the details of unexpected failures', async () => {
    const res = await app.inject({ url: '/crash' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal Server Error', code: 'INTERNAL_ERROR' });
    expect(res.body).not.toContain('hunter2');
  });
});
