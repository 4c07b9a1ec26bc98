import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import fastifyCompress from '@fastify/compress';
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
if (process.argv[2] === 'child') {
  const app = Fastify({ logger: false });
  const mode = process.argv[3] ?? '';
  if (mode.includes('c')) await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'] });
  if (mode.includes('h')) await app.register(fastifyHelmet, {});
  const payload = Array.from({ length: 5 }, (_, i) => ({ id: 'plan' + i, name: 'Annual plan number ' + i, price: 79.99, tags: ['default'], trial: 7, description: 'x'.repeat(150) }));
  app.post('/x', async () => ({ result: payload }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send!((app.server.address() as any).port);
} else {
  for (const mode of ['', 'h', 'c', 'hc']) {
    const child = fork(new URL(import.meta.url).pathname, ['child', mode], { execArgv: ['--import', 'tsx'] });
    const port = await new Promise<number>((r) => child.once('message', (m: any) => r(m)));
    for (const enc of [undefined, 'gzip, deflate, br']) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (enc) headers['accept-encoding'] = enc;
      await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: 2, requests: [{ method: 'POST', path: '/x', headers, body: '{}' }] });
      const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 10, duration: 5, requests: [{ method: 'POST', path: '/x', headers, body: '{}' }] });
      console.log(`mode=${mode || 'bare'} enc=${enc ?? 'none'}`, Math.round(r.requests.average), 'p99', r.latency.p99);
    }
    child.kill();
  }
}
