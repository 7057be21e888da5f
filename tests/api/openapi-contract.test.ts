import { beforeAll, describe, expect, it } from 'vitest';
import { SPEC_CALLS } from '../support/spec-calls.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * Writes that read no body: the path names the thing and the call says what to do with it. A provider's webhook reads
 * its body raw, in the provider's own format, to check the signature over the exact bytes.
 */
const BODILESS_WRITES = [
  'POST /api/logout',
  'POST /api/admin/properties/{id}/approve',
  'POST /api/admin/projects/{id}/approve',
  'POST /api/admin/featured-requests/{id}/reject',
  'POST /api/admin/verification-requests/{id}/approve',
  'POST /api/admin/reports/{id}/dismiss',
  'POST /api/admin/payments/{id}/approve',
  'POST /api/admin/users/{id}/deactivate',
  'POST /api/admin/users/{id}/reactivate',
  'POST /api/webhooks/{provider}',
];

let doc: Document;

beforeAll(async () => {
  const app: TestApp = await createTestApp();
  doc = (await app.call('GET', '/api/openapi.json')).body as Document;
});

/** Every property name a (possibly referenced, combined) schema documents. */
function documentedFields(schema: Schema | undefined, seen = new Set<Schema>()): string[] {
  if (!schema || seen.has(schema)) return [];
  seen.add(schema);
  const resolved = schema.$ref ? doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')] : schema;
  if (!resolved) return [];
  const parts = [...(resolved.allOf ?? []), ...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])];
  return [...Object.keys(resolved.properties ?? {}), ...parts.flatMap((part) => documentedFields(part, seen))];
}

function operation(method: string, path: string): Operation | undefined {
  return doc.paths[`/api/${path}`]?.[method];
}

describe('the OpenAPI document', () => {
  it("describes every call of the spec's call table, with the fields the spec names", () => {
    const missing = SPEC_CALLS.flatMap(({ method, path, fields }) => {
      const op = operation(method, path);
      if (!op) return [`${method.toUpperCase()} ${path}: not documented`];
      const named =
        method === 'get'
          ? (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name)
          : documentedFields(op.requestBody?.content['application/json']?.schema);
      return fields.filter((field) => !named.includes(field)).map((field) => `${method} ${path}: ${field}`);
    });
    expect(missing).toEqual([]);
  });

  it('documents a request body for every write that reads one, in JSON, multipart and url-encoded form', () => {
    const writes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => method === 'post' || method === 'put' || method === 'patch')
        .map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op }))
        .filter(({ name }) => !BODILESS_WRITES.includes(name)),
    );
    expect(writes.length).toBeGreaterThan(40);
    const undescribed = writes
      .filter(({ op }) => {
        const types = Object.keys(op.requestBody?.content ?? {});
        return !['application/json', 'multipart/form-data', 'application/x-www-form-urlencoded'].every((type) =>
          types.includes(type),
        );
      })
      .map(({ name }) => name);
    expect(undescribed).toEqual([]);
  });

  it('describes every request body as an object whose fields are named', () => {
    const empty = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op.requestBody)
        .filter(([, op]) => documentedFields(op.requestBody?.content['application/json']?.schema).length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(empty).toEqual([]);
  });
});
