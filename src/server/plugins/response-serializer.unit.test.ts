import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditListResponse } from '@shared/audit/audit.contracts';
import { levelsResponse, serialHistoryResponse } from '@shared/stock/stock.contracts';
import { parsesAsItEncodes, responseSerializerCompiler } from './response-serializer';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

describe('the response serializer', () => {
  it('parses plain schemas (the benchmarked lists among them) and encodes the rest', () => {
    for (const schema of [levelsResponse, serialHistoryResponse, auditListResponse]) {
      expect(parsesAsItEncodes(schema)).toBe(true);
    }
    const codec = z.codec(z.iso.datetime(), z.date(), {
      decode: (text) => new Date(text),
      encode: (date) => date.toISOString(),
    });
    for (const schema of [
      z.object({ at: codec }),
      z.object({ n: z.number().default(1) }),
      z.object({ list: z.array(z.string().transform((s) => s.trim())) }),
      z.object({ inner: z.object({ n: z.number().catch(0) }).nullable() }),
      z.object({ s: z.string().readonly() }),
    ]) {
      expect(parsesAsItEncodes(schema)).toBe(false);
    }
  });

  it('strips fields the schema does not name, as encoding does', () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.uuid(), name: z.string().nullable() })),
      next: z.string().nullable(),
    });
    const data = {
      items: [{ id: '7f0c3a52-8a3e-4a5e-9d0f-2b7b7f4a1c11', name: null, secret: 'hash' }],
      next: null,
      cost: 12,
    };
    const written = compile(schema)(data);
    expect(JSON.parse(written)).toEqual({
      items: [{ id: '7f0c3a52-8a3e-4a5e-9d0f-2b7b7f4a1c11', name: null }],
      next: null,
    });
    expect(written).toBe(JSON.stringify(z.encode(schema, data as never)));
  });

  it('refuses an answer that breaks its schema', () => {
    const schema = z.object({ id: z.uuid() });
    expect(() => compile(schema)({ id: 'not-a-uuid' })).toThrow(/serialize|schema/i);
  });

  it('still encodes through a codec', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), {
        decode: (text) => new Date(text),
        encode: (date) => date.toISOString(),
      }),
    });
    expect(compile(schema)({ at: new Date('2026-11-26T10:00:00Z') })).toBe(
      '{"at":"2026-11-26T10:00:00.000Z"}',
    );
  });
});
