import { fork } from 'node:child_process';
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
const env: Record<string,string> = { ...process.env as Record<string,string>, NODE_ENV: 'production', LOG_LEVEL: 'warn', BENCH_RATE_LIMIT: '100000000', DATA_DIR: mkdtempSync('/tmp/exp-') };
if (process.env.PG) env.DATABASE_URL = process.env.PG; else delete env.DATABASE_URL;
const child = fork('/work/main/scripts/lib/benchServer.ts', [], { cwd: '/work/main', env, execArgv: ['--import', 'tsx', ...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : [])] });
const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m.port)));
const url = `http://127.0.0.1:${port}`;
const all: Record<string, [Record<string,string>, string|null, string|null]> = {
  plansbr: [{ 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' }, 'GetDefaultPlans', '{}'],
  plans: [{ 'content-type': 'application/json' }, 'GetDefaultPlans', '{}'],
  flags: [{}, null, null],
  existsbr: [{ 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' }, 'GetUserExistsByUsername', '{"username":"a@b.co"}'],
};
for (const name of (process.env.CALLS ?? 'plansbr,plans,flags,existsbr').split(',')) {
  const [headers, path, body] = all[name]!;
  const req: any = path ? { method: 'POST', path: '/api/functions/' + path, headers, body } : { method: 'GET', path: '/api/flags' };
  await autocannon({ url, connections: 10, duration: 2, requests: [req] });
  const res = await autocannon({ url, connections: 10, duration: Number(process.env.D ?? 5), requests: [req] });
  console.log(name.padEnd(10), String(Math.round(res.requests.average)).padStart(6), 'p50', res.latency.p50, 'p99', res.latency.p99, 'non2xx', res.non2xx);
}
child.send('stop');
await new Promise((r) => child.once('exit', r));
