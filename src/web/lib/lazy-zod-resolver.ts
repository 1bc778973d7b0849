import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A zodResolver whose schema, and zod with it, load on the first validation: a form on a
 * cold page (/login) renders and takes typing before zod has arrived (decision 025 budget).
 */
export function lazyZodResolver<T extends FieldValues>(
  loadSchema: () => Promise<ZodType<T>>,
): Resolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<T>,
    );
    return (await ready)(values, context, options);
  };
}
