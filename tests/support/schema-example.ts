import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { defOf as walkDefOf } from './route-walk';

// A value a zod request schema accepts, made from the schema alone, so a test can send a
// plausible request to a route it did not list by hand. Each leaf tries a few common shapes
// (a time, an id, an email, a postcode, ...) and keeps the first the leaf accepts; a whole body
// that still fails (a cross-field rule) is sent anyway and answered 400.

// The walk's view of a schema's definition, with the two parts an example also needs.
const defOf = (schema: z.ZodType) =>
  walkDefOf(schema) as ReturnType<typeof walkDefOf> & { values?: unknown[]; right?: z.ZodType };

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;
const firstAccepted = (schema: z.ZodType, candidates: unknown[]) =>
  candidates.find((value) => accepts(schema, value)) ?? candidates[0];

const textCandidates = () => [
  new Date().toISOString(),
  randomUUID(),
  'probe@example.com',
  'https://example.com/',
  '2026-12-01',
  'EX1 1AA',
  '+447700900123',
  'ABC-12345',
  'Probe text',
];

export function exampleOf(schema: z.ZodType | undefined, depth = 0): unknown {
  if (!schema || depth > 20) return undefined;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        if (accepts(field, undefined)) continue;
        out[key] = exampleOf(field, depth + 1);
      }
      return out;
    }
    case 'string':
      return firstAccepted(schema, textCandidates());
    case 'number':
    case 'int':
      return firstAccepted(schema, [1, 0, 10, 100, 0.5]);
    case 'boolean':
      return firstAccepted(schema, [true, false]);
    case 'literal':
      return def.values?.[0];
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'array':
      return accepts(schema, []) ? [] : [exampleOf(def.element, depth + 1)];
    case 'record':
      return {};
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return exampleOf(def.innerType, depth + 1);
    case 'pipe':
      return exampleOf(def.in, depth + 1);
    case 'union': {
      const examples = (def.options ?? []).map((option) => exampleOf(option, depth + 1));
      return examples.find((value) => accepts(schema, value)) ?? examples[0];
    }
    case 'intersection':
      return {
        ...(exampleOf(def.left, depth + 1) as object),
        ...(exampleOf(def.right, depth + 1) as object),
      };
    case 'lazy':
      return def.getter ? exampleOf(def.getter(), depth + 1) : undefined;
    default:
      return {};
  }
}
