/**
 * `npm run bench`, API part: requests per second and latency of two backend calls, measured
 * with autocannon against a real listening server on loopback.
 *
 * - The server runs in a child process (scripts/lib/benchServer.ts: the start-up path of
 *   `npm start`, NODE_ENV=production, LOG_LEVEL=warn); autocannon runs here. Both share the
 *   machine's cores.
 * - Databases: PGlite in a temporary DATA_DIR; PostgreSQL in a database created for the run
 *   (`bench_<random>`, dropped afterwards; a schema when the role may not create databases) on
 *   DATABASE_URL's server, else on postgres://postgres@127.0.0.1:5432/postgres when one answers
 *   there (no PostgreSQL: that half is skipped, and said so).
 * - Each call: 10 connections, a 2 s warm-up (not counted), then 10 s measured. Requests are
 *   what the browser sends: POST /api/functions/<Name>, JSON, `Accept-Encoding: gzip, deflate, br`.
 *   GetUserExistsByUsername asks about 1,000 different addresses in turn.
 * - GetUserExistsByUsername is rate limited per client address (60 per 10 minutes) and per
 *   address asked about: the bench server raises those limits to BENCH_RATE_LIMIT (below) for
 *   the run, so every request still writes both counters, as in production, and none is refused.
 *   A refused or failed request makes the row fail.
 * - The floor: `GET /bench/floor` on the same server, one indexed SELECT and a JSON answer,
 *   measured first on each database. Every call's req/s is also printed as a ratio to it: the
 *   machine is shared and noisy, the ratio is what holds from run to run.
 * - GetCustomerDetails and GetPaymentHistory are sent with the session of a parent who bought an
 *   annual plan (the bench server makes both), as My Account sends them.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { CallName } from '../../src/contract/calls.ts';
import { functionPath, SESSION_TOKEN_HEADER } from '../../src/contract/wire.ts';
import { repoRoot } from './build.ts';

export const CONNECTIONS = 10;
export const WARMUP_SECONDS = 2;
export const MEASURE_SECONDS = 10;
/** Attempts per window the bench server allows GetUserExistsByUsername (production: 60 per address per 10 minutes). */
export const BENCH_RATE_LIMIT = 100_000_000;
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

type DatabaseKind = 'PGlite' | 'PostgreSQL';

interface Target {
  minRps?: number;
  /** The least req/s as a share of the floor's in the same run. */
  minFloorRatio?: number;
  maxP99Ms: number;
}

/**
 * The targets (a 2-core machine shared with the load generator). GetUserExistsByUsername
 * has none: it is measured and printed (its cost is mostly the rate limiter's two counter writes).
 */
export const TARGETS: Record<string, Partial<Record<DatabaseKind, Target>>> = {
  GetDefaultPlans: { PostgreSQL: { minRps: 7000, maxP99Ms: 10 }, PGlite: { minRps: 2500, maxP99Ms: 10 } },
  GetCustomerDetails: { PostgreSQL: { minFloorRatio: 0.5, maxP99Ms: 10 }, PGlite: { minFloorRatio: 0.5, maxP99Ms: 10 } },
  GetPaymentHistory: { PostgreSQL: { minFloorRatio: 0.5, maxP99Ms: 10 }, PGlite: { minFloorRatio: 0.5, maxP99Ms: 10 } },
};

/** The row of the floor route in the table. */
export const FLOOR = 'floor: one SELECT';

export interface ApiRow {
  database: DatabaseKind;
  call: string;
  rps: number;
  /** rps as a share of the floor's on the same database in the same run. */
  floorRatio: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  met: boolean;
}

interface CallSpec {
  call: string;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  /** The body of every request, or a new one for each. */
  body?: string | (() => string);
}

const browserHeaders = { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' };

const functionCall = (call: CallName, body: CallSpec['body'], headers: Record<string, string> = {}): CallSpec => ({
  call,
  method: 'POST',
  path: `/api${functionPath(call)}`,
  headers: { ...browserHeaders, ...headers },
  body,
});

function callSpecs(sessionToken: string): CallSpec[] {
  const addresses = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ username: `parent${i}@example.com` }));
  let next = 0;
  const session = { [SESSION_TOKEN_HEADER]: sessionToken };
  return [
    { call: FLOOR, method: 'GET', path: '/bench/floor', headers: { 'accept-encoding': browserHeaders['accept-encoding'] } },
    functionCall('GetDefaultPlans', '{}'),
    functionCall('GetUserExistsByUsername', () => addresses[next++ % addresses.length]!),
    functionCall('GetCustomerDetails', '{}', session),
    functionCall('GetPaymentHistory', '{}', session),
  ];
}

async function load(url: string, spec: CallSpec, seconds: number): Promise<autocannon.Result> {
  const { body } = spec;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        method: spec.method,
        path: spec.path,
        headers: spec.headers,
        ...(typeof body === 'function'
          ? { setupRequest: (request: autocannon.Request) => ({ ...request, body: body() }) }
          : body !== undefined
            ? { body }
            : {}),
      },
    ],
  });
}

interface BenchServer {
  url: string;
  /** The session of the parent the bench server made. */
  sessionToken: string;
  /** Lines the server logged at level error or fatal. */
  errors(): string[];
  stop(): Promise<void>;
}

async function startBenchServer(env: Record<string, string | undefined>): Promise<BenchServer> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries({
    ...process.env,
    ...env,
    NODE_ENV: 'production',
    // Production refuses to start without them; the bench's parent buys its plan on the sandbox.
    PAYMENT_GATEWAY: 'sandbox',
    CAPTCHA_PROVIDER: 'local',
    LOG_LEVEL: 'warn',
    BENCH_RATE_LIMIT: String(BENCH_RATE_LIMIT),
  }))
    if (value !== undefined) childEnv[key] = value;
  // The server's output (its start-up lines, the TRUST_PROXY warning of a production start
  // without a load balancer) is kept, and shown when it fails or logs an error.
  const child = fork(path.join(repoRoot, 'scripts/lib/benchServer.ts'), [], {
    cwd: repoRoot,
    env: childEnv,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const { port, sessionToken } = await new Promise<{ port: number; sessionToken: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; sessionToken: string }));
    child.once('exit', (code) => reject(new Error(`The bench server stopped before listening (exit ${code}):\n${output.slice(-4000)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    sessionToken,
    errors: () => output.split('\n').filter((line) => /"level":(50|60)/.test(line)),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        // Requests autocannon gave up on at the end of its run finish first.
        setTimeout(() => child.send('stop'), 500);
      }),
  };
}

/** A PostgreSQL database (or schema) for the run, and how to drop it; null when none answers. */
async function postgresForBench(): Promise<{ url: string; where: string; drop(): Promise<void> } | { skipped: string }> {
  const baseUrl = process.env.DATABASE_URL || DEFAULT_POSTGRES;
  const admin = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.DATABASE_URL)
      throw new Error(`DATABASE_URL does not answer: ${error instanceof Error ? error.message : String(error)}`);
    return { skipped: `no PostgreSQL at ${DEFAULT_POSTGRES} (set DATABASE_URL)` };
  }
  const name = `bench_${randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      where: `database ${name} on ${url.host}`,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  } catch {
    // No CREATEDB: a schema of the given database instead.
    await admin.query(`create schema ${name}`);
    const url = new URL(baseUrl);
    url.searchParams.set('options', `-c search_path=${name}`);
    return {
      url: url.toString(),
      where: `schema ${name} of ${new URL(baseUrl).pathname.slice(1)} on ${url.host}`,
      drop: async () => {
        await admin.query(`drop schema if exists ${name} cascade`);
        await admin.end();
      },
    };
  }
}

async function measure(database: DatabaseKind, server: BenchServer): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];
  let floorRps = 0;
  for (const spec of callSpecs(server.sessionToken)) {
    const logged = server.errors().length;
    await load(server.url, spec, WARMUP_SECONDS);
    const result = await load(server.url, spec, MEASURE_SECONDS);
    const target = TARGETS[spec.call]?.[database];
    const rps = result.requests.average;
    if (spec.call === FLOOR) floorRps = rps;
    const floorRatio = floorRps > 0 ? rps / floorRps : 0;
    const p99 = result.latency.p99;
    const failed = result.non2xx + result.errors + result.timeouts;
    const errors = server.errors().slice(logged);
    if (errors.length) console.log(`  ${database} ${spec.call}: the server logged errors:\n${errors.slice(0, 5).join('\n')}`);
    const met =
      failed === 0 &&
      errors.length === 0 &&
      (!target ||
        ((target.minRps === undefined || rps >= target.minRps) &&
          (target.minFloorRatio === undefined || floorRatio >= target.minFloorRatio) &&
          p99 < target.maxP99Ms));
    rows.push({
      database,
      call: spec.call,
      rps,
      floorRatio,
      p50: result.latency.p50,
      p99,
      max: result.latency.max,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      met,
    });
  }
  return rows;
}

export async function runApiBench(): Promise<ApiRow[]> {
  const rows: ApiRow[] = [];

  console.log(
    `\nBackend calls: autocannon, ${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up + ${MEASURE_SECONDS} s, ` +
      '127.0.0.1; server in a child process (NODE_ENV=production, LOG_LEVEL=warn, ' +
      `existence limit ${BENCH_RATE_LIMIT.toLocaleString('en-US')}/window)`,
  );
  const [load1 = 0] = loadavg();
  const busy = load1 > cpus().length / 2 ? ': other processes are busy, the figures will be lower than on an idle machine' : '';
  console.log(`  ${cpus().length} cores; load average ${load1.toFixed(2)} before the run${busy}.`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  try {
    console.log('  PGlite: starting (migrations, catalog import)...');
    const server = await startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      rows.push(...(await measure('PGlite', server)));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await postgresForBench();
  if ('skipped' in postgres) {
    console.log(`  PostgreSQL: skipped, ${postgres.skipped}.`);
  } else {
    try {
      console.log(`  PostgreSQL: starting on ${postgres.where} (migrations, catalog import)...`);
      const server = await startBenchServer({ DATABASE_URL: postgres.url, DATA_DIR: undefined });
      try {
        rows.push(...(await measure('PostgreSQL', server)));
      } finally {
        await server.stop();
      }
    } finally {
      await postgres.drop();
    }
  }

  printApiTable(rows);
  return rows;
}

/** autocannon measures latency in whole milliseconds: 0 is under one. */
const ms = (n: number) => (n < 1 ? '<1 ms' : `${Math.round(n)} ms`);
const targetText = (row: ApiRow) => {
  const t = TARGETS[row.call]?.[row.database];
  if (!t) return '—';
  return [
    t.minRps !== undefined ? `≥ ${t.minRps.toLocaleString('en-US')} req/s` : null,
    t.minFloorRatio !== undefined ? `≥ ${t.minFloorRatio}× floor` : null,
    `p99 < ${t.maxP99Ms} ms`,
  ]
    .filter(Boolean)
    .join(', ');
};

export function printApiTable(rows: ApiRow[]) {
  const header = ['database', 'call', 'req/s', '× floor', 'p50', 'p99', 'max', 'requests', 'failed', 'target', ''];
  const verdict = (r: ApiRow) => (TARGETS[r.call]?.[r.database] ? (r.met ? 'met' : 'MISSED') : r.met ? '' : 'FAILED REQUESTS');
  const body = rows.map((r) => [
    r.database,
    r.call,
    Math.round(r.rps).toLocaleString('en-US'),
    r.floorRatio.toFixed(2),
    ms(r.p50),
    ms(r.p99),
    ms(r.max),
    r.requests.toLocaleString('en-US'),
    String(r.non2xx + r.errors),
    targetText(r),
    verdict(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i >= 2 && i <= 8 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ')}`;
  console.log('');
  console.log(line(header));
  for (const b of body) console.log(line(b));
}
