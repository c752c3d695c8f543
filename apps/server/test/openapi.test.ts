import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/lib/openapi.ts';
import { type Account, newAdmin } from './helpers/accounts.ts';
import { useTestApp } from './helpers/app.ts';
import { client } from './helpers/http.ts';

const ctx = useTestApp();
const http = client(() => ctx.app);

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
}
type Document = { servers?: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };

let admin: Account;
let full: Document;
let publicOnly: Document;
beforeAll(async () => {
  admin = await newAdmin(http, ctx.database.db);
  full = (await http.get('/api/docs/json', { token: admin.token })).body;
  publicOnly = (await http.get('/api/docs/json')).body;
});

const operations = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('the API description', () => {
  it('is a valid OpenAPI document, as administrators and as everyone else read it', async () => {
    for (const document of [full, publicOnly]) {
      const checked = await SwaggerParser.validate(structuredClone(document) as unknown as OpenAPI.Document);
      expect(Object.keys(checked.paths ?? {}).length).toBeGreaterThan(50);
    }
  });

  it('names the server it describes', () => {
    expect(full.servers).toEqual([expect.objectContaining({ url: ctx.config.publicUrl })]);
  });

  it('gives every operation a unique operationId and a summary', () => {
    const ids = new Set<string>();
    for (const { path, method, operation } of operations(full)) {
      expect(operation.summary, `${method} ${path}`).toMatch(/\S/);
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId as string), `${operation.operationId} twice`).toBe(false);
      ids.add(operation.operationId as string);
    }
    expect(operationIdOf('GET', '/api/admin/users/{id}')).toBe('getAdminUsersById');
    expect(operationIdOf('POST', '/api/payments/webhooks/{provider}')).toBe('postPaymentsWebhooksByProvider');
  });

  it('marks public operations security: [] and the ones that need a session with the bearer scheme', async () => {
    const described = new Map(operations(full).map((o) => [`${o.method} ${o.path}`, o.operation.security]));
    expect(described.get('get /api/health')).toEqual([]);
    expect(described.get('get /api/calendar/day/{date}')).toEqual([]);
    expect(described.get('get /api/cards')).toEqual([{ bearer: [] }]);
    expect(described.get('get /api/admin/outbox')).toEqual([{ bearer: [] }]);
    // What the description says is what the server does: a public operation answers a guest without 401.
    for (const { path, method, operation } of operations(full)) {
      expect(operation.security, `${method} ${path}`).toBeDefined();
      if (method !== 'get' || path.includes('{') || !path.startsWith('/api/')) continue;
      const guest = await http.get(path);
      if (operation.security?.length === 0) expect(guest.status, `GET ${path} as a guest`).not.toBe(401);
      else if (!operation.security?.some((scheme) => Object.keys(scheme).length === 0))
        expect(guest.status, `GET ${path} as a guest`).toBe(401);
    }
  });
});
