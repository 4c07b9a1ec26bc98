/**
 * Stopping the server (SIGTERM, SIGINT): requests in flight get their answer, the database
 * closes only after them, and a client's keep-alive connection does not hold the stop.
 */
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { closeGracefully } from '../../src/server/main.ts';

test('a request in flight is answered; the close hook runs after it; an idle keep-alive connection does not hold the close', async () => {
  const events: string[] = [];
  const app = Fastify();
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    events.push('answered');
    return { ok: true };
  });
  app.addHook('onClose', async () => void events.push('database closed'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  // fetch keeps the connection alive after the answer, as browsers and load balancers do.
  const answer = fetch(`http://127.0.0.1:${port}/slow`).then((r) => r.json());
  await new Promise((resolve) => setTimeout(resolve, 50));
  const started = Date.now();
  await closeGracefully(app);

  expect(await answer).toEqual({ ok: true });
  expect(events).toEqual(['answered', 'database closed']);
  expect(Date.now() - started).toBeLessThan(10_000); // Fastify's keep-alive timeout is 72 s
});
