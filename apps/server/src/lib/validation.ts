import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Schema = z.core.$ZodType;

const prechecks = new WeakMap<Schema, (input: unknown) => unknown>();

/**
 * Gives `schema` a quick check, for the routes called on every page view: `check` answers the schema's output for
 * the usual valid input and `undefined` for anything else, which zod then checks and describes as before. It never
 * refuses anything itself, so bad input gets the same answers; it must take only what the schema takes. The schema
 * stays the routes' declared schema, so the API description does not change.
 */
export function precheck<S extends Schema>(schema: S, check: (input: unknown) => z.output<S> | undefined): S {
  prechecks.set(schema, check);
  return schema;
}

/** Zod's validator compiler, with a schema's quick check in front when it has one. */
export const validatorCompiler: FastifySchemaCompiler<Schema> = (route) => {
  const validate = zodValidatorCompiler(route);
  const check = prechecks.get(route.schema);
  if (!check) return validate;
  return (data: unknown) => {
    const value = check(data);
    return value === undefined ? validate(data) : { value };
  };
};

/** Whether `value` is a plain object whose only own key is `key` (or, when `optional`, one without any key). */
export function holdsOnly(value: unknown, key: string, optional = false): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  let count = 0;
  for (const name in value) {
    if (!Object.hasOwn(value, name) || name !== key) return false;
    count++;
  }
  return count === 1 || (optional && count === 0);
}
