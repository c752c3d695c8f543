import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** `GET /api/admin/users/{id}` -> `getAdminUsersById`: unique, since a method and a path name one operation. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((part) => (part.startsWith('{') || part.startsWith(':') ? ['by', part.replace(/[{}:]/g, '')] : [part]))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/**
 * Each operation of the API description as the zod schemas describe it, plus what a client generator needs: an
 * `operationId`, and `security: []` on the public operations (the ones that take a session say so themselves,
 * `modules/auth/session.ts`), so the document-wide bearer scheme never reads as required where it is not.
 */
export const describeOperation: typeof jsonSchemaTransform = (input) => {
  const described = jsonSchemaTransform(input);
  const schema = described.schema as { operationId?: string; security?: Array<Record<string, string[]>> };
  const method = [input.route.method].flat()[0] ?? 'get';
  return {
    url: described.url,
    schema: {
      ...described.schema,
      operationId: schema.operationId ?? operationIdOf(String(method), described.url),
      security: schema.security ?? [],
    } as typeof described.schema,
  };
};
