/**
 * Schema-driven fuzzing of every route in the OpenAPI document (issue 18): wrong types, missing
 * fields, huge strings, NUL and lone surrogates, bad JSON, wrong content types and oversized bodies,
 * signed in and signed out. Routes are read from the document when the test runs, so new modules
 * are covered without editing this file. Every answer must be below 500 and in the envelope
 * (`{data}` / `{code, msg}`, or the not-found shape), the process must stay up, and scoring must
 * still work afterwards.
 */
import { randomUUID } from 'node:crypto';
import type { ObjectiveItem } from '@ninety/scoring';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import type { Database } from '../src/db/client';
import { bankItem, seedItems } from './bank';
import { createLearner } from './factories';
import { openTestDatabase, testConfig } from './test-app';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  pattern?: string;
  $ref?: string;
}

interface Parameter {
  in: 'query' | 'path' | 'header';
  name: string;
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface Case {
  label: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

const BODY_LIMIT = 64 * 1024;

/** Strings a hostile client sends in any text field. */
const HOSTILE_STRINGS = [
  '',
  'x'.repeat(20_000),
  'a\u0000b',
  '\ud800',
  '../../../etc/passwd',
  "' or 1=1 --",
  '9'.repeat(40),
  '-1',
  'NaN',
];
/** Values of the wrong type for any field. */
const WRONG_TYPES: unknown[] = [123456789012, -1, 1.5, true, null, [], {}, ['a'], { a: 1 }];

function resolve(schema: Schema | undefined, components: Record<string, Schema>): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth += 1) {
    current = components[current.$ref.split('/').pop()!] ?? {};
  }
  return current;
}

/** A plausible value for a schema: the baseline each case then breaks one field of. */
function sample(raw: Schema | undefined, components: Record<string, Schema>, depth = 0): unknown {
  const schema = resolve(raw, components);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (choice) return sample(choice, components, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'a';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, components, depth + 1)];
    case 'object':
    default: {
      if (!schema.properties) return type === 'object' ? {} : 'a';
      return Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [
          key,
          sample(value, components, depth + 1),
        ]),
      );
    }
  }
}

/** Percent-encodes, writing a lone surrogate as its (invalid) UTF-8 bytes, as an attacker would. */
function safeEncode(value: string): string {
  return value
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

function casesFor(
  path: string,
  operation: Operation,
  components: Record<string, Schema>,
  hasBody: boolean,
): Case[] {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const baseQuery = Object.fromEntries(
    queryParams.map((p) => [p.name, String(sample(p.schema, components))]),
  );
  const pathWith = (values: Record<string, string>) =>
    path.replace(/\{(\w+)\}/g, (_m, name: string) =>
      safeEncode(
        values[name] ?? String(sample(pathParams.find((p) => p.name === name)?.schema, components)),
      ),
    );
  const urlWith = (query: Record<string, string>, values: Record<string, string> = {}) => {
    const search = new URLSearchParams(query).toString();
    return `${pathWith(values)}${search ? `?${search}` : ''}`;
  };
  const baseUrl = urlWith(baseQuery);
  const cases: Case[] = [
    { label: 'baseline', url: baseUrl },
    { label: 'no query', url: urlWith({}) },
  ];

  const withRaw = (url: string, name: string, raw: string) =>
    `${url}${url.includes('?') ? '&' : '?'}${name}=${raw}`;
  for (const param of queryParams) {
    const { [param.name]: _dropped, ...others } = baseQuery;
    for (const value of HOSTILE_STRINGS.filter((text) => text.length < 10_000)) {
      cases.push({
        label: `query ${param.name}=${JSON.stringify(value).slice(0, 20)}`,
        url: withRaw(urlWith(others), param.name, safeEncode(value)),
      });
    }
    // Repeated parameters arrive as an array.
    cases.push({
      label: `query ${param.name} twice`,
      url: withRaw(withRaw(urlWith(others), param.name, '1'), param.name, '2'),
    });
  }
  for (const param of pathParams) {
    for (const value of [
      ...HOSTILE_STRINGS.filter((text) => text.length < 10_000 && text !== ''),
      '..',
    ]) {
      cases.push({
        label: `path ${param.name}=${JSON.stringify(value).slice(0, 20)}`,
        url: urlWith(baseQuery, { [param.name]: value }),
      });
    }
  }
  // A URL a little under the 16 KB header limit: the router and schemas must still cope.
  cases.push({
    label: 'long query',
    url: `${baseUrl}${baseUrl.includes('?') ? '&' : '?'}zz=${'q'.repeat(15_000)}`,
  });

  if (!hasBody) return cases;
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const body = resolve(jsonSchema, components);
  const baseBody = sample(body, components);
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  cases.push(
    { label: 'body baseline', url: baseUrl, ...json(baseBody) },
    { label: 'body {}', url: baseUrl, ...json({}) },
    { label: 'body []', url: baseUrl, ...json([]) },
    { label: 'body null', url: baseUrl, ...json(null) },
    { label: 'body "x"', url: baseUrl, ...json('x') },
    { label: 'bad JSON', url: baseUrl, payload: '{"a":', contentType: 'application/json' },
    {
      label: 'deep JSON',
      url: baseUrl,
      payload: `${'['.repeat(5000)}${']'.repeat(5000)}`,
      contentType: 'application/json',
    },
    { label: 'text/plain', url: baseUrl, payload: 'hello', contentType: 'text/plain' },
    {
      label: 'form',
      url: baseUrl,
      payload: 'a=1&b=2',
      contentType: 'application/x-www-form-urlencoded',
    },
    { label: 'xml', url: baseUrl, payload: '<a>1</a>', contentType: 'application/xml' },
    {
      label: 'octet-stream',
      url: baseUrl,
      payload: Buffer.alloc(64, 7),
      contentType: 'application/octet-stream',
    },
    {
      label: 'wav garbage',
      url: baseUrl,
      payload: Buffer.alloc(2048, 1),
      contentType: 'audio/wav',
    },
    {
      label: 'oversized JSON',
      url: baseUrl,
      payload: JSON.stringify({ a: 'x'.repeat(BODY_LIMIT + 10) }),
      contentType: 'application/json',
    },
    { label: 'unknown field', url: baseUrl, ...json({ ...(baseBody as object), zz: 1 }) },
  );
  if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
    for (const key of Object.keys(baseBody)) {
      const without = { ...(baseBody as Record<string, unknown>) };
      delete without[key];
      cases.push({ label: `body without ${key}`, url: baseUrl, ...json(without) });
      for (const value of [...HOSTILE_STRINGS, ...WRONG_TYPES]) {
        cases.push({
          label: `body ${key}=${JSON.stringify(value).slice(0, 20)}`,
          url: baseUrl,
          ...json({ ...(baseBody as object), [key]: value }),
        });
      }
      cases.push({
        label: `body ${key} key with NUL`,
        url: baseUrl,
        ...json({ ...(baseBody as object), [`${key}\u0000`]: 1 }),
      });
    }
  }
  return cases;
}

/** What is wrong with an answer, or null when it is acceptable. */
function problemWith(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500)
    return `status ${response.statusCode}: ${response.body.slice(0, 200)}`;
  const type = String(response.headers['content-type'] ?? '');
  // A download (the data export) is a file, not an answer.
  if (
    response.statusCode < 300 &&
    String(response.headers['content-disposition']).startsWith('attachment')
  ) {
    return null;
  }
  if (!type.includes('json')) {
    // Files, pages, redirects and empty answers may be anything but an error.
    return response.statusCode >= 400 && response.body.length > 0
      ? `non-JSON ${response.statusCode}: ${response.body.slice(0, 120)}`
      : null;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `invalid JSON ${response.statusCode}`;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not an object';
  const keys = Object.keys(body).sort().join(',');
  const record = body as Record<string, unknown>;
  if (keys === 'code,msg') {
    return typeof record['code'] === 'number' && typeof record['msg'] === 'string' && record['msg']
      ? null
      : 'bad envelope';
  }
  if (keys === 'error,path,status' && response.statusCode === 404) return null;
  if (keys === 'data' && response.statusCode < 400) return null;
  return `not in the envelope (${response.statusCode}): ${response.body.slice(0, 200)}`;
}

describe('every route of the OpenAPI document under hostile input', () => {
  let app: App;
  let database: Database;
  const wfd = bankItem('WFD', 1) as ObjectiveItem;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(
      testConfig({
        RATE_LIMIT_MAX: '1000000',
        BODY_LIMIT_BYTES: String(BODY_LIMIT),
        SCORING_WAIT_MS: '3000',
      }),
      { database },
    );
    await seedItems(database.db, [wfd]);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers below 500, in the envelope, and scoring still works afterwards', async () => {
    const document = app.swagger() as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components?: { schemas?: Record<string, Schema> };
    };
    const components = document.components?.schemas ?? {};
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
    );
    // Whatever modules exist when this runs; the count only guards against an empty document.
    expect(routes.length).toBeGreaterThan(30);

    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // A fresh learner per route: a route that signs out or deletes the account ends only its own.
      const { token } = await createLearner(database.db, { energy: 1000 });
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
      const cases = casesFor(route.path, route.operation, components, hasBody);
      for (const fuzzCase of cases) {
        for (const signedIn of [true, false]) {
          if (
            !signedIn &&
            !['baseline', 'body baseline', 'bad JSON', 'oversized JSON'].includes(fuzzCase.label)
          )
            continue;
          const response = await app.inject({
            method: route.method as 'GET',
            url: fuzzCase.url,
            headers: {
              ...(signedIn ? { token } : {}),
              ...(fuzzCase.contentType ? { 'content-type': fuzzCase.contentType } : {}),
            },
            ...(fuzzCase.payload !== undefined ? { payload: fuzzCase.payload } : {}),
          });
          sent += 1;
          const problem = problemWith(response);
          if (problem)
            problems.push(
              `${route.method} ${route.path} [${fuzzCase.label}${signedIn ? '' : ', signed out'}]: ${problem}`,
            );
        }
      }
    }
    expect(problems, `${problems.length} of ${sent} answers`).toEqual([]);

    // Still alive and still scoring.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const { token } = await createLearner(database.db, { energy: 10 });
    const scored = await app.inject({
      method: 'POST',
      url: '/api/posts/examed',
      headers: { token },
      payload: {
        itemId: wfd.id,
        answer: { text: 'the library will extend' },
        timeSpentSeconds: 30,
        idempotencyKey: randomUUID(),
      },
    });
    expect(scored.statusCode, scored.body).toBe(200);
    expect(scored.json().data.attempt.score).toBeGreaterThan(0);
  }, 600_000);
});
