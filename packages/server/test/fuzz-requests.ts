/**
 * Request generators for the route fuzz test: the registered routes read from the OpenAPI
 * document, and fast-check arbitraries of hostile values (NUL, lone surrogates, huge numbers,
 * nested objects, wrong types) shaped after each route's path, query and body fields.
 */
import fc from 'fast-check';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';

const ZProperty = z.looseObject({
  type: z.string().optional(),
  enum: z.array(z.unknown()).optional(),
});
const ZOperation = z.looseObject({
  parameters: z.array(z.looseObject({ in: z.string(), name: z.string() })).optional(),
  requestBody: z
    .looseObject({
      content: z.record(
        z.string(),
        z.looseObject({
          schema: z
            .looseObject({ properties: z.record(z.string(), ZProperty).optional() })
            .optional(),
        }),
      ),
    })
    .optional(),
});
const ZDocument = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export interface RouteShape {
  method: string;
  /** OpenAPI path, `{id}` for a parameter. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyKind: 'json' | 'multipart' | 'none';
  bodyFields: BodyField[];
}

export interface BodyField {
  name: string;
  type: string;
  choices: unknown[];
}

/** Every documented route (the OpenAPI document is built from Fastify's own route table). */
export function routesOf(app: FastifyInstance): RouteShape[] {
  const doc = ZDocument.parse(app.swagger());
  const routes: RouteShape[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      const op = ZOperation.parse(raw);
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      const [mediaType, media] = Object.entries(content)[0] ?? ['none', undefined];
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: params.filter((p) => p.in === 'query').map((p) => p.name),
        bodyKind: mediaType.includes('multipart')
          ? 'multipart'
          : mediaType.includes('json')
            ? 'json'
            : 'none',
        bodyFields: Object.entries(media?.schema?.properties ?? {}).map(([name, prop]) => ({
          name,
          type: prop.type ?? 'string',
          choices: prop.enum ?? [],
        })),
      });
    }
  }
  return routes;
}

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udbff\u0000',
  '',
  ' ',
  '😀',
  'é',
  'null',
  '1',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '0x10',
  'true',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '2000-02-30',
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ minLength: 200, maxLength: 3000 }),
);
const hostileNumber = fc.oneof(
  fc.integer({ min: -2, max: 6 }),
  fc.constantFrom(2 ** 31, 2 ** 53 + 2, 1e21, 1e308, -1e308, 0.5, -0),
  fc.double(),
);
const leaf = fc.oneof(hostileString, hostileNumber, fc.boolean(), fc.constant(null));
/** Any JSON value: mostly leaves, sometimes arrays and objects of them, a few levels deep. */
const hostileValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 3 }),
  ),
})).value;

/**
 * A value that passes a route's schema more often than chance, so hostile characters reach the
 * service and the database rather than stopping at the first format check.
 */
const PLAUSIBLE: Record<string, unknown[]> = {
  email: ['membre@test.bf', 'admin@rencontre.bf'],
  password: ['motdepasse1'],
  otp_code: ['123456'],
  code: ['123456'],
  phone: ['70123456', '+22670123456'],
  birth_date: ['1990-01-01'],
  client_id: ['0b1f3c9e-6a4d-4c1e-9a77-2f5d8e3b1c40'],
  payment_id: ['1234567890'],
  gender: ['homme', 'femme'],
  payment_method: ['orange', 'moov'],
};
const TEXT_SAMPLE = 'Bonjour à tous';

function plausibleOf(field: BodyField): fc.Arbitrary<unknown> {
  const named = PLAUSIBLE[field.name];
  if (named) return fc.constantFrom(...named);
  if (field.choices.length > 0) return fc.constantFrom(...field.choices);
  if (field.type === 'integer' || field.type === 'number') return fc.integer({ min: 1, max: 4 });
  if (field.type === 'boolean') return fc.boolean();
  return fc.constant(TEXT_SAMPLE);
}

/** A NUL or a lone surrogate slipped into a plausible string. */
const withHostileChar = (text: string) =>
  fc
    .tuple(fc.nat({ max: text.length }), fc.constantFrom('\u0000', '\ud800', '\udc00'))
    .map(([at, ch]) => text.slice(0, at) + ch + text.slice(at));

export function fieldValue(field: BodyField): fc.Arbitrary<unknown> {
  const plausible = plausibleOf(field);
  return fc.oneof(
    plausible,
    plausible.chain((v) => (typeof v === 'string' ? withHostileChar(v) : fc.constant(v))),
    withHostileChar(TEXT_SAMPLE),
    hostileValue,
  );
}

/** A path or query parameter: a real-looking id, a hostile one, or anything. */
export const paramValue = fc.oneof(
  fc.integer({ min: 1, max: 4 }),
  withHostileChar('1'),
  withHostileChar(TEXT_SAMPLE),
  hostileString,
  hostileValue,
);

/** A body: the route's own fields (any of them) with hostile values, or a wrong whole. */
export function hostileBody(fields: BodyField[]) {
  const known = fc.record(Object.fromEntries(fields.map((f) => [f.name, fieldValue(f)])), {
    requiredKeys: [],
  });
  return fc
    .oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(known, fc.dictionary(hostileString, hostileValue, { maxKeys: 2 })),
      },
      { weight: 1, arbitrary: fc.tuple(hostileValue, fc.constant({})) },
    )
    .map(([body, extra]) =>
      body && typeof body === 'object' && !Array.isArray(body) ? { ...extra, ...body } : body,
    );
}

/** Multipart field values as raw bytes: including invalid UTF-8 a JSON body cannot carry. */
export const hostileFieldBytes = fc.oneof(
  hostileString.map((s) => Buffer.from(s)),
  fc.constantFrom(Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xff, 0xfe]), Buffer.from([0])),
);

/** Percent-encodes any string, a lone surrogate as its (invalid) three UTF-8 bytes. */
export function encodeText(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return Array.from(text, (ch) =>
    /^[\ud800-\udfff]$/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch),
  ).join('');
}

export function multipartBody(
  fields: [string, Buffer][],
  file: { field: string; bytes: Uint8Array } | null,
) {
  const boundary = '----fuzz' + Math.random().toString(16).slice(2);
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${encodeText(name)}"\r\n\r\n`;
    parts.push(Buffer.from(head), value, Buffer.from('\r\n'));
  }
  if (file) {
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    parts.push(Buffer.from(head), Buffer.from(file.bytes), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
