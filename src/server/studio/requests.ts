/**
 * What every studio route reads from a request the same way (./routes.ts and the routes it
 * registers): a body or query checked by its zod schema (400 naming each field), and the
 * workspace's id from the path (404 for anything that cannot be one).
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** An error the API's error handler answers with its status and message (./routes.ts). */
export class HttpAnswer extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

export function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw new HttpAnswer(400, result.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
}

export function workspaceIdOf(request: FastifyRequest): number {
  const id = (request.params as { id: string }).id;
  if (!/^[1-9]\d{0,9}$/.test(id)) throw new HttpAnswer(404, `There is no workspace ${id}.`);
  return Number(id);
}
