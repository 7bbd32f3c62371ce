import { API_BASE, type RouteDef } from '@app/contract/http';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { mutated, nastyValue } from './nasty-values';
import { arbitraryFor } from './zod-arbitrary';

/** Known text for a field, by its name (see ArbitraryOptions). */
type Hints = (field: string) => readonly string[];

/** Who a request claims to be. */
export type Caller = 'user' | 'service' | 'none' | 'junk';

/** A body sent as JSON, or bytes under any content type (or none). */
type Body = { json: unknown } | { raw: string; contentType: string | null } | null;

/** One generated request, before the run fills in the live session and ids. */
export interface FuzzCase {
  caller: Caller;
  junkAuthorization: string;
  params: Record<string, unknown> | null;
  /** Path segments sent as they are (not encoded), replacing a param's value. */
  rawSegments: Record<string, string>;
  query: unknown;
  queryTail: string;
  body: Body;
  headers: Record<string, string>;
}

const JUNK_AUTHORIZATION = fc.constantFrom(
  'Bearer',
  'Bearer ',
  `Bearer ${'x'.repeat(5000)}`,
  'Basic Zm9vOmJhcg==',
  'bearer lower-case-scheme',
  'Bearer a b c',
  'Token abc',
  'Bearer «sessionId»',
  'Bearer null',
);

const RAW_SEGMENTS = fc.constantFrom(
  '%ZZ',
  '%',
  '%00',
  '..',
  '%2e%2e',
  '%2F',
  '%C0%AF',
  '%E0%A4%A',
  '%F0%9F%98%80',
  'a'.repeat(3000),
  '%20',
  '«userId»',
);

const QUERY_TAILS = fc.constantFrom(
  '',
  '',
  '',
  '&extra=1',
  '&%ZZ=1',
  '&a[b]=c',
  '&&&',
  '&=',
  `&q=${'q'.repeat(10_000)}`,
  '&timeMin=a&timeMin=b',
  '&maxResults=1&maxResults=2',
  '&__proto__[x]=1',
);

const RAW_PAYLOADS = fc.constantFrom(
  '{',
  '{"a":',
  '[',
  'null',
  'true',
  '"text"',
  '1e999',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '',
  ' ',
  '\u0000',
  'a=1&b=2',
  '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
  '\uFEFF{}',
  `{"a":"${'b'.repeat(2 * 1024 * 1024)}"}`,
);

const CONTENT_TYPES = fc.constantFrom<string | null>(
  'application/json',
  'application/json; charset=utf-8',
  'Application/JSON',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/merge-patch+json',
  '',
  null,
);

const ODD_HEADERS = fc.record(
  {
    'accept-language': fc.constantFrom(
      'zh',
      'en',
      'zh-CN,zh;q=0.9',
      '*',
      'xx-invalid;;q=abc',
      'a'.repeat(500),
    ),
    'stripe-signature': fc.constantFrom('t=1,v1=abc', 't=,v1=', 'garbage', `t=${'9'.repeat(30)},v1=00`),
    'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1'),
    cookie: fc.constantFrom('a=b', '=;;=', 'relay_lang=zh'),
    'user-agent': fc.constantFrom('', 'x'.repeat(2000), 'Mozilla/5.0'),
  },
  { requiredKeys: [] },
);

/** A schema's valid input most of the time, then that input with one thing wrong, then anything. */
function partArbitrary(schema: RouteDef['body'], hints: Hints): fc.Arbitrary<unknown> {
  const valid = arbitraryFor(schema!, { hints });
  return fc.oneof(
    { arbitrary: valid, weight: 5 },
    { arbitrary: mutated(valid), weight: 3 },
    { arbitrary: nastyValue, weight: 1 },
  );
}

function callers(route: RouteDef): fc.Arbitrary<Caller> {
  const own: Caller = route.auth === true ? 'user' : route.auth === 'service' ? 'service' : 'none';
  const others = (['user', 'service', 'none', 'junk'] as const).filter((caller) => caller !== own);
  return fc.oneof({ arbitrary: fc.constant(own), weight: 12 }, ...others.map((c) => fc.constant(c)));
}

function bodies(route: RouteDef, hints: Hints): fc.Arbitrary<Body> {
  if (route.method === 'GET') return fc.constant(null);
  const raw = fc.record({ raw: RAW_PAYLOADS, contentType: CONTENT_TYPES });
  const json = route.body
    ? partArbitrary(route.body, hints).map((value) => ({ json: value }))
    : fc.oneof(
        { arbitrary: fc.constant(null), weight: 3 },
        { arbitrary: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ json: value })), weight: 1 },
      );
  return fc.oneof({ arbitrary: json, weight: 6 }, { arbitrary: raw, weight: 1 });
}

/** Every kind of request one route can be sent, valid and not. */
export function caseArbitrary(route: RouteDef, hints: Hints): fc.Arbitrary<FuzzCase> {
  const paramNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const query = route.query
    ? partArbitrary(route.query, hints)
    : fc.option(fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 2 }), {
        freq: 4,
      });
  return fc.record({
    caller: callers(route),
    junkAuthorization: JUNK_AUTHORIZATION,
    params: route.params
      ? partArbitrary(route.params, hints).map((value) =>
          value && typeof value === 'object' && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : { [paramNames[0]!]: value },
        )
      : fc.constant(null),
    rawSegments: fc.dictionary(fc.constantFrom(...(paramNames.length ? paramNames : ['-'])), RAW_SEGMENTS, {
      maxKeys: paramNames.length ? 1 : 0,
    }),
    query,
    queryTail: QUERY_TAILS,
    body: bodies(route, hints),
    headers: ODD_HEADERS,
  });
}

/**
 * A lone surrogate has no UTF-8 form, so no client can put one in a URL (encodeURIComponent
 * throws): it goes as U+FFFD, as a browser sends it. Bodies keep them, JSON-escaped.
 */
function encode(text: string): string {
  return encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'),
  );
}

/** Text for a query string or a path: what a client that does not use JSON would send. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function queryString(query: unknown): string {
  if (query === null || query === undefined) return '';
  if (typeof query !== 'object' || Array.isArray(query)) return encode(asText(query));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
  }
  return search.toString();
}

/** The request as `app.inject` takes it; `fill` puts the live session's values in for markers. */
export function toInject(
  route: RouteDef,
  input: FuzzCase,
  who: { token: string; serviceKey: string; ip: string },
  fill: (text: string) => string,
): InjectOptions {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const raw = input.rawSegments[name];
    if (raw !== undefined) return fill(raw);
    return encode(fill(asText(input.params?.[name] ?? '')));
  });
  const search = [fill(queryString(input.query)), input.queryTail].filter(Boolean).join('&');
  const headers: Record<string, string> = { ...input.headers };
  if (input.caller === 'user') headers.authorization = `Bearer ${who.token}`;
  if (input.caller === 'service') headers.authorization = `Bearer ${who.serviceKey}`;
  if (input.caller === 'junk') headers.authorization = fill(input.junkAuthorization);
  let payload: string | undefined;
  if (input.body && 'json' in input.body) {
    payload = fill(JSON.stringify(input.body.json) ?? 'null');
    headers['content-type'] = 'application/json';
  } else if (input.body) {
    payload = input.body.raw;
    if (input.body.contentType !== null) headers['content-type'] = input.body.contentType;
  }
  return {
    method: route.method,
    url: `${API_BASE}${path}${search ? `?${search}` : ''}`,
    headers,
    remoteAddress: who.ip,
    ...(payload !== undefined ? { payload } : {}),
  };
}
