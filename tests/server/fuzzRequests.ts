/**
 * Arbitraries (fast-check) of hostile requests for the contract fuzz test: whole bodies that are
 * any JSON value, raw texts (deep nesting, broken or huge JSON), and valid-looking params — the
 * keys of a call's zod input schema, each value plausible (a real offer id, the parent's email,
 * a sandbox nonce...) or, now and then, mutated into something hostile: control characters,
 * lone surrogates, wrong types, deep nesting, huge strings, tainted object keys.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** What the fuzz test knows of its world, for plausible values. */
export interface FuzzWorld {
  parentId: string;
  parentEmail: string;
  password: string;
}

export interface FuzzRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  withSession: boolean;
  ip: string;
}

const controlCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000B',
  '\u000C',
  '\u001B',
  '\u001F',
  '\u007F',
  '\u0080',
  '\u0085',
  '\u009F',
);
const loneSurrogate = fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF');
const shortText = fc.string({ maxLength: 12 });
/** Any single character of U+0000–U+00FF, controls included, or a lone surrogate. */
const anyUnit = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogate },
);

/** A string with at least one character PostgreSQL refuses or corrupts, or that the contract refuses. */
const taintedString = fc
  .tuple(shortText, fc.oneof(controlCharacter, loneSurrogate), shortText)
  .map(([before, bad, after]) => before + bad + after);

/** JSON text put as it is into a body (a value nested 5,000 deep is more than JSON.stringify can recurse through here). */
class RawJson {
  constructor(readonly text: string) {}
}

const RAW_MARK = '\u0000\uFFFEraw';

/** The body's JSON text, RawJson values spliced in. */
function toJson(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof RawJson ? `${RAW_MARK}${raws.push(v.text) - 1}` : v));
  return text.replace(/"\\u0000\uFFFEraw(\d+)"/g, (_match, index: string) => raws[Number(index)]!);
}

const nestedText = (depth: number, arrays: boolean) =>
  arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
/** Depths around the limits: the free-form one (5), the body's (32), and the tester's 5,000. */
const deepValue = fc
  .tuple(fc.constantFrom(6, 20, 31, 40, 5_000), fc.boolean())
  .map(([depth, arrays]) => new RawJson(nestedText(depth, arrays)));

const hugeString = fc.constantFrom(300, 5_000, 20_000).map((length) => 'x'.repeat(length));
const wrongType = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(shortText, { maxLength: 3 }),
);
const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: anyUnit });
const taintedKeys = fc.dictionary(taintedString, shortText, { minKeys: 1, maxKeys: 3 });

/** A value no field should accept blindly. `undefined` leaves the key out. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: taintedString },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: deepValue },
  { weight: 2, arbitrary: wrongType },
  { weight: 2, arbitrary: anyJson },
  { weight: 1, arbitrary: taintedKeys },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

const freshEmail = fc.stringMatching(/^[a-z]{1,8}$/).map((local) => `fuzz-${local}@example.com`);

/** Values that get past the schema and on into the handlers, by field name. */
type KnownValues = Record<string, fc.Arbitrary<unknown>>;

function knownValues(world: FuzzWorld): KnownValues {
  const parentOrFresh = fc.oneof(fc.constant(world.parentEmail), freshEmail);
  return {
    username: parentOrFresh,
    email: parentOrFresh,
    oldEmail: fc.constant(world.parentEmail),
    newEmail: freshEmail,
    newUsername: freshEmail,
    // The parent's password stays the same, so later logins still reach the account.
    password: fc.constant(world.password),
    currentPassword: fc.constant(world.password),
    newPassword: fc.constant(world.password),
    userId: fc.constant(world.parentId),
    parseUserId: fc.constant(world.parentId),
    customerId: fc.constant(world.parentId),
    webOfferId: fc.constantFrom(
      'annual',
      'monthly',
      'lifetime',
      'annual_30daytrial',
      'ondemand_monthly',
      'live_multi_classes',
      'gift_12_months',
      'coupon_annual',
    ),
    newPlanId: fc.constantFrom('annual', 'lifetime', 'biannual'),
    paymentMethodToken: fc.constantFrom('fake-valid-nonce', 'fake-valid-visa-nonce', 'fake-paypal-billing-agreement-nonce'),
    paymentNonce: fc.constantFrom('fake-valid-nonce', 'fake-valid-mastercard-nonce'),
    captchaToken: fc.constantFrom('local-captcha:registration', 'local-captcha:paymentForm', 'local-captcha:promoRegister'),
    code: fc.constantFrom('SAVE50', 'CSDE-MO00-0001'),
    classAddOnId: fc.constantFrom('addon_one_class', 'addon_four_classes'),
    campaignId: fc.constant('girl-scouts'),
    partner: fc.constantFrom('gympass', 'legovip'),
    event_source_url: fc.constantFrom('https://example.com/', 'https://example.com/checkout?x=1'),
    tag: fc.constantFrom('default', '30daytrial'),
    quantity: fc.constantFrom(1, 5, '25'),
    expectedTodayCharge: fc.constantFrom(0, 9.99, 79.99, 149.99),
  };
}

/** The schema inside optional / default / nullable / a pipe's input. */
function unwrapped(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodDefault || schema instanceof z.ZodNullable)
    return unwrapped(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return unwrapped(schema.in as z.ZodType);
  return schema;
}

const recordKey = fc.stringMatching(/^[a-z_]{1,12}$/);

/** A value the schema accepts (or nearly: a code that is unknown, an email of nobody). */
function plausible(schema: z.ZodType, known: KnownValues, key: string | null): fc.Arbitrary<unknown> {
  const knownValue = key === null ? undefined : known[key];
  if (knownValue) return knownValue;
  if (schema instanceof z.ZodNullable)
    return fc.oneof(
      { weight: 4, arbitrary: plausible(schema.unwrap() as z.ZodType, known, key) },
      { weight: 1, arbitrary: fc.constant(null) },
    );
  const inner = unwrapped(schema);
  if (inner !== schema) return plausible(inner, known, key);
  if (schema instanceof z.ZodObject) return plausibleObject(schema, known);
  if (schema instanceof z.ZodRecord) return fc.dictionary(recordKey, plausible(schema.valueType as z.ZodType, known, null), { maxKeys: 5 });
  if (schema instanceof z.ZodUnion) return fc.oneof(...(schema.options as z.ZodType[]).map((option) => plausible(option, known, key)));
  if (schema instanceof z.ZodEnum) return fc.constantFrom(...(schema.options as (string | number)[]));
  if (schema instanceof z.ZodLiteral) return fc.constantFrom(...[...schema.values]);
  if (schema instanceof z.ZodBoolean) return fc.boolean();
  if (schema instanceof z.ZodNumber) return fc.integer({ min: 1, max: 50 });
  if (schema instanceof z.ZodNull) return fc.constant(null);
  if (schema instanceof z.ZodString) {
    if (schema.format === 'email') return freshEmail;
    const minLength = Math.max(1, schema.minLength ?? 1);
    return fc.string({ minLength, maxLength: minLength + 20 });
  }
  return fc.jsonValue({ maxDepth: 2 });
}

/**
 * Every required key and every key with a known value; the other optional ones one time in four
 * (a random coupon code stops a purchase early). Each value plausible but the mutated key's.
 */
function plausibleObject(schema: z.ZodObject, known: KnownValues, mutatedKey: string | null = null): fc.Arbitrary<Record<string, unknown>> {
  const field = (key: string, schema: z.ZodType) => {
    if (key === mutatedKey) return mutated(schema, known);
    const value = plausible(schema, known, key);
    const rarelySent = !(key in known) && schema.safeParse(undefined).success;
    return rarelySent ? fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value }) : value;
  };
  const fields = Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, schema]) => [key, field(key, schema)]),
  );
  return fc.record(fields) as fc.Arbitrary<Record<string, unknown>>;
}

/** A hostile value, or for an object or a record, one whose inside is hostile (a field, a key). */
function mutated(schema: z.ZodType, known: KnownValues): fc.Arbitrary<unknown> {
  const inner = unwrapped(schema);
  if (inner instanceof z.ZodObject && Object.keys(inner.shape).length > 0) return fc.oneof(hostileValue, mutatedObject(inner, known));
  if (inner instanceof z.ZodRecord) {
    const hostileInside = fc.dictionary(
      fc.oneof(recordKey, taintedString),
      fc.oneof(plausible(inner.valueType as z.ZodType, known, null), hostileValue),
      { minKeys: 1, maxKeys: 5 },
    );
    return fc.oneof(hostileValue, hostileInside);
  }
  return hostileValue;
}

/** The schema's params with exactly one field mutated. */
function mutatedObject(schema: z.ZodObject, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  return fc.constantFrom(...Object.keys(schema.shape)).chain((key) => plausibleObject(schema, known, key));
}

/** Params with the schema's keys: all plausible (one in three), or one of them mutated. */
function validLooking(schema: z.ZodObject, world: FuzzWorld): fc.Arbitrary<Record<string, unknown>> {
  if (Object.keys(schema.shape).length === 0)
    return fc.oneof(fc.constant({}), fc.dictionary(fc.oneof(recordKey, taintedString), hostileValue, { maxKeys: 3 }));
  const known = knownValues(world);
  return fc.oneof({ weight: 1, arbitrary: plausibleObject(schema, known) }, { weight: 2, arbitrary: mutatedObject(schema, known) });
}

/** Raw request texts: deep nesting (up to the tester's 5,000 levels), broken and oversized JSON. */
const rawBody = fc.oneof(
  fc.tuple(fc.integer({ min: 20, max: 5_000 }), fc.boolean()).map(([depth, arrays]) => nestedText(depth, arrays)),
  fc.integer({ min: 33, max: 5_000 }).map((depth) => '['.repeat(depth)),
  fc.constantFrom(
    '',
    ' ',
    '{',
    '{"a":',
    '[1,2',
    'nul',
    '"\\u00',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"x":1}}',
    ']]]]',
    '"{[\\"]}"',
  ),
  fc.constant(`{"a":"${'x'.repeat(40_000)}"}`),
);

const ipAddress = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `10.${a}.${b}.${c}`);
const contentType = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain');

/** A body for a call or route whose params have `schema`'s keys. */
function hostileBody(
  schema: z.ZodObject,
  world: FuzzWorld,
  extraFields: fc.Arbitrary<Record<string, unknown>> = fc.constant({}),
): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: anyJson.map((value) => toJson(value)) },
    { weight: 1, arbitrary: rawBody },
    { weight: 6, arbitrary: fc.tuple(validLooking(schema, world), extraFields).map(([params, extra]) => toJson({ ...params, ...extra })) },
  );
}

interface IdempotencyKeySent {
  header?: string;
  field?: unknown;
}

/** An Idempotency-Key as a header (a valid one, or too long) or a body field (anything). */
const idempotencyKey: fc.Arbitrary<IdempotencyKeySent> = fc.oneof(
  { weight: 6, arbitrary: fc.uuid().map((key) => ({ header: key })) },
  { weight: 1, arbitrary: fc.constant({ header: 'k'.repeat(300) }) },
  { weight: 2, arbitrary: fc.oneof(fc.uuid(), taintedString, wrongType).map((key) => ({ field: key })) },
  { weight: 1, arbitrary: fc.constant({}) },
);

/** A POST of a backend call: any body, with or without the session, with an Idempotency-Key when the call takes one. */
export function callRequest(name: string, schema: z.ZodObject, world: FuzzWorld, idempotent: boolean): fc.Arbitrary<FuzzRequest> {
  const key = idempotent ? idempotencyKey : fc.constant<IdempotencyKeySent>({});
  return fc.record({ ip: ipAddress, withSession: fc.boolean(), type: contentType, key }).chain(({ ip, withSession, type, key }) =>
    hostileBody(schema, world, fc.constant('field' in key ? { _idempotencyKey: key.field } : {})).map((payload) => ({
      method: 'POST' as const,
      url: `/api/functions/${name}`,
      headers: { 'content-type': type, ...(key.header ? { 'idempotency-key': key.header } : {}) },
      payload,
      withSession,
      ip,
    })),
  );
}

/** Bytes a query string may carry: a tainted string's UTF-8, invalid UTF-8, broken escapes. */
const queryValue = (plausibleValue: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 4, arbitrary: plausibleValue.map((value) => encodeURIComponent(String(value))) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 12 }).map((value) => encodeURIComponent(value)) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(shortText, fc.constantFrom('%00', '%01', '%1F', '%7F', '%C2%85', '%ED%A0%80', '%FF', '%C0%80', '%', '%zz'), shortText)
        .map(([a, bad, b]) => encodeURIComponent(a) + bad + encodeURIComponent(b)),
    },
    { weight: 1, arbitrary: fc.constant('x'.repeat(5_000)) },
  );

/**
 * GET /api/login?username=&password= with any query: tainted, repeated, missing or huge values
 * (Parse's original form, refused: credentials never travel in an address).
 */
export function loginQueryRequest(world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const pair = (name: string, value: fc.Arbitrary<unknown>) =>
    fc.array(queryValue(value), { minLength: 0, maxLength: 2 }).map((values) => values.map((v) => `${name}=${v}`));
  return fc
    .record({
      ip: ipAddress,
      withSession: fc.boolean(),
      username: pair('username', fc.oneof(fc.constant(world.parentEmail), freshEmail)),
      password: pair('password', fc.constant(world.password)),
    })
    .map(({ ip, withSession, username, password }) => ({
      method: 'GET' as const,
      url: `/api/login?${[...username, ...password].join('&')}`,
      headers: {},
      withSession,
      ip,
    }));
}

/** POST /api/login with any body. */
export function loginBodyRequest(schema: z.ZodObject, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ ip: ipAddress, withSession: fc.boolean(), type: contentType, payload: hostileBody(schema, world) })
    .map(({ ip, withSession, type, payload }) => ({
      method: 'POST' as const,
      url: '/api/login',
      headers: { 'content-type': type },
      payload,
      withSession,
      ip,
    }));
}

/** Names an event may carry: real ones of funnels/ and experiments.yaml, made-up ones, tainted ones. */
const eventName = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('home', 'landing', 'signup', 'choosePlan', 'planSelectorSelectPlanButtons', 'variant1') },
  { weight: 1, arbitrary: shortText },
  { weight: 2, arbitrary: taintedString },
  { weight: 1, arbitrary: hugeString },
);
const touch = fc.oneof(
  fc.constant(null),
  fc.dictionary(fc.oneof(fc.constantFrom('utm_source', 'utm_medium', 'utm_campaign'), taintedString), fc.oneof(shortText, taintedString), {
    maxKeys: 3,
  }),
  hostileValue,
);
const experimentEvent = fc.oneof(
  fc.constantFrom(
    { type: 'step', funnel: 'home', screen: 'landing', step: 0 },
    { type: 'step', funnel: 'signup', screen: 'choosePlan', step: 0 },
    { type: 'exposure', experiment: 'planSelectorSelectPlanButtons', variant: 'variant1' },
  ),
  fc.record({
    type: fc.constant('step'),
    funnel: eventName,
    screen: eventName,
    step: fc.oneof(fc.integer({ min: 0, max: 20 }), wrongType),
  }),
  fc.record({ type: fc.constant('exposure'), experiment: eventName, variant: eventName }),
  fc.record({ type: fc.constant('touch'), firstTouch: touch, lastTouch: touch }),
  hostileValue,
);
const visitorCookie = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,20}$/).map((id) => `experimentId=fuzz-${id}`) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.tuple(shortText, controlCharacter).map(([id, bad]) => `experimentId=${encodeURIComponent(id + bad)}`) },
);
/** What a query string may name (queryValue adds the broken escapes and invalid UTF-8). */
const queryText = fc.oneof(
  fc.constantFrom('home', 'landing', 'planSelectorSelectPlanButtons', 'visitor-0123456789'),
  shortText,
  fc.tuple(shortText, controlCharacter).map(([a, bad]) => a + bad),
);

/** POST /api/events: lists of plausible, made-up and tainted events, any JSON, broken bodies; with or without a visitor. */
export function eventsRequest(): fc.Arbitrary<FuzzRequest> {
  const body = fc.oneof(
    { weight: 6, arbitrary: fc.array(experimentEvent, { maxLength: 4 }).map((events) => toJson({ events })) },
    { weight: 2, arbitrary: anyJson.map((value) => toJson(value)) },
    { weight: 1, arbitrary: rawBody },
  );
  return fc.record({ ip: ipAddress, type: contentType, cookie: visitorCookie, payload: body }).map(({ ip, type, cookie, payload }) => ({
    method: 'POST' as const,
    url: '/api/events',
    headers: { 'content-type': type, ...(cookie ? { cookie } : {}) },
    payload,
    withSession: false,
    ip,
  }));
}

/** A query string of `names`, each value plausible, tainted, repeated or missing; now and then a stray tainted key. */
const queryOf = (names: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      ...Object.entries(names).map(([name, value]) =>
        fc.array(queryValue(value), { maxLength: 2 }).map((values) => values.map((v) => `${name}=${v}`)),
      ),
      fc.array(
        queryValue(shortText).map((key) => `${key}=1`),
        { maxLength: 1 },
      ),
    )
    .map((pairs) => pairs.flat().join('&'));

/** GET /api/flags with any context: the audience as JSON with tainted facts, or not JSON at all. */
export function flagsRequest(): fc.Arbitrary<FuzzRequest> {
  const audience = fc.oneof(
    fc
      .dictionary(
        fc.constantFrom('query.ref', 'utm.source', 'path.current', 'device.mobile'),
        fc.oneof(shortText, taintedString, wrongType),
        {
          maxKeys: 3,
        },
      )
      .map((facts) => JSON.stringify(facts)),
    shortText,
    rawBody,
  );
  return fc
    .record({ ip: ipAddress, query: queryOf({ experimentId: queryText, isRobotE2E: fc.constantFrom('true', 'false', 'maybe'), audience }) })
    .map(({ ip, query }) => ({ method: 'GET' as const, url: `/api/flags?${query}`, headers: {}, withSession: false, ip }));
}

/** GET /api/client-config with any query string (it reads none). */
export function clientConfigRequest(): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({ ip: ipAddress, query: queryOf({ provider: queryText }) })
    .map(({ ip, query }) => ({ method: 'GET' as const, url: `/api/client-config?${query}`, headers: {}, withSession: false, ip }));
}

/** POST /api/webhooks/braintree: forms with any bt_signature and bt_payload (none ours: the sandbox sends no webhooks). */
export function webhookRequest(): fc.Arbitrary<FuzzRequest> {
  const form = queryOf({
    bt_signature: fc.oneof(shortText, fc.stringMatching(/^[0-9a-f]{40}\|[0-9a-f]{40}$/)),
    bt_payload: fc.base64String(),
  });
  return fc
    .record({ ip: ipAddress, form, type: fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain') })
    .map(({ ip, form, type }) => ({
      method: 'POST' as const,
      url: '/api/webhooks/braintree',
      headers: { 'content-type': type },
      payload: form,
      withSession: false,
      ip,
    }));
}

/** The SDK's users/me and logout: any body, a `_SessionToken` plausible, tainted or of the wrong type. */
export function sessionRouteRequest(path: '/api/users/me' | '/api/logout', world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const sdkFields = fc.record({
    _method: fc.constantFrom('GET', 'POST', undefined),
    _SessionToken: fc.oneof(fc.constant(undefined), taintedString, wrongType, fc.stringMatching(/^r:[A-Za-z0-9_-]{43}$/)),
  });
  return fc
    .record({ ip: ipAddress, withSession: fc.boolean(), type: contentType, payload: hostileBody(z.object({}), world, sdkFields) })
    .map(({ ip, withSession, type, payload }) => ({
      method: 'POST' as const,
      url: path,
      headers: { 'content-type': type },
      payload,
      withSession,
      ip,
    }));
}
