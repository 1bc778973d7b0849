import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { calendarDate } from '@shared/schema/calendar-date';
import type { RegisteredRoute } from '@server/plugins/route-registry';

// Walks the request schemas of the registered routes (src/server/plugins/route-registry.ts) so
// the bad-input tests cover every route, including ones added later, without a list.

export type LeafKind = 'text' | 'date' | 'datetime' | 'number';
export type Leaf = { path: (string | number)[]; kind: LeafKind };
export type RequestPart = 'body' | 'querystring' | 'params';
export type RouteSchemas = Partial<Record<RequestPart, z.ZodType>>;

type Def = {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  getter?: () => z.ZodType;
  entries?: Record<string, string>;
};
export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The text, date and number fields a request schema accepts, as paths into the request part. */
export function leaves(
  schema: z.ZodType | undefined,
  path: (string | number)[] = [],
  depth = 0,
): Leaf[] {
  if (!schema || depth > 12) return [];
  if (schema === (calendarDate as z.ZodType)) return [{ path, kind: 'date' }];
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return [{ path, kind: def.format === 'datetime' ? 'datetime' : 'text' }];
    case 'number':
      return [{ path, kind: 'number' }];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, value]) =>
        leaves(value, [...path, key], depth + 1),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return leaves(def.innerType, path, depth + 1);
    case 'pipe':
      return leaves(def.in, path, depth + 1);
    case 'union': {
      // The first alternative that holds text (a list filter accepts `a,b` or repeated values).
      for (const option of def.options ?? []) {
        const found = leaves(option, path, depth + 1);
        if (found.length > 0) return found;
      }
      return [];
    }
    case 'array':
      return leaves(def.element, [...path, 0], depth + 1);
    case 'record':
      return leaves(def.valueType, [...path, 'key'], depth + 1);
    case 'intersection':
      return leaves(def.left, path, depth + 1);
    case 'lazy':
      return def.getter ? leaves(def.getter(), path, depth + 1) : [];
    default:
      return [];
  }
}

/** An object holding `value` at `path` (arrays where the path has an index). */
export function at(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [at(rest, value)];
  return { [head!]: at(rest, value) };
}

export function methodsOf(route: RegisteredRoute): string[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  return methods.filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
}

export const schemasOf = (route: RegisteredRoute) => (route.schema ?? {}) as RouteSchemas;

/**
 * A value the path parameter's schema accepts: its `example` (zod meta), an enum's first option,
 * else a UUID.
 */
function validParam(schema: z.ZodType | undefined, name: string): string {
  const shape = schema ? defOf(schema).shape : undefined;
  const param = shape?.[name];
  const example = (param as z.ZodType | undefined)?.meta()?.example;
  if (typeof example === 'string') return example;
  const def = param ? defOf(param) : undefined;
  if (def?.type === 'enum' && def.entries) return Object.values(def.entries)[0]!;
  return randomUUID();
}

/** The route's URL with every `:param` filled: from `params`, else a value its schema accepts. */
export function fillParams(url: string, params: Record<string, string>, paramsSchema?: z.ZodType) {
  return url.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? validParam(paramsSchema, name)),
  );
}

export const isPublicRoute = (route: RegisteredRoute) =>
  Boolean((route.config as { public?: boolean } | undefined)?.public);

let ipSequence = 0;
/** A fresh address per request, so per-address rate limits and blocks stay out of the way. */
export function nextIp() {
  ipSequence += 1;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
}
