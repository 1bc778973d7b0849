import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

/**
 * zodResolver over the body schema the server's route parses, for a form whose fields hold what
 * was typed: `toBody` turns them into that body (numbers, lines, empty as absent), so a field's
 * message is the shared schema's own, the same string the server answers with. The submit
 * handler receives the parsed body.
 */
export function bodyResolver<V extends FieldValues, S extends z.ZodType>(
  schema: S,
  toBody: (values: V) => unknown,
): Resolver<V, unknown, z.output<S>> {
  return zodResolver(
    z.preprocess((values) => toBody(values as V), schema) as never,
  ) as unknown as Resolver<V, unknown, z.output<S>>;
}

/**
 * The first message of a field's error, or of the first of its items that has one (a textarea
 * of lines answers for `ranges.3`).
 */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}
