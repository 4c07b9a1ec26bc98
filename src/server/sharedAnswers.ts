/**
 * Shared answers: a handler that answers a frozen object (the catalog calls, whose answers
 * come from memory: src/server/catalog/cache.ts) gets its wire body — `{"result": ...}` as
 * JSON, and its brotli and gzip forms — made once and kept with that object, instead of
 * serialised and compressed again for every request. What the caller receives is the same
 * bytes @fastify/compress would have sent, only better compressed (made once, at the highest
 * levels).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer is sent as it is (@fastify/compress's threshold). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

interface WireBody {
  json: string;
  br: Buffer | null;
  gzip: Buffer | null;
}

const bodies = new WeakMap<object, WireBody>();

/** True for an answer that may be shared between requests: a frozen object or array. */
export function isSharedAnswer(result: unknown): result is object {
  return result !== null && typeof result === 'object' && Object.isFrozen(result);
}

function wireBody(result: object): WireBody {
  let body = bodies.get(result);
  if (!body) {
    const json = JSON.stringify({ result });
    const compress = Buffer.byteLength(json) >= COMPRESS_THRESHOLD_BYTES;
    body = {
      json,
      br: compress
        ? brotliCompressSync(json, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : null,
      gzip: compress ? gzipSync(json, { level: 9 }) : null,
    };
    bodies.set(result, body);
  }
  return body;
}

/** The encoding to send: br when accepted, else gzip, else none (q=0 refuses one; `*` accepts any). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return null;
  // Browsers send one of a handful of headers: each is read once.
  let chosen = chosenEncodings.get(acceptEncoding);
  if (chosen === undefined) {
    chosen = readAcceptEncoding(acceptEncoding);
    if (chosenEncodings.size >= MAX_KNOWN_HEADERS) chosenEncodings.clear();
    chosenEncodings.set(acceptEncoding, chosen);
  }
  return chosen;
}

type Encoding = 'br' | 'gzip' | null;
const MAX_KNOWN_HEADERS = 100;
const chosenEncodings = new Map<string, Encoding>();

function readAcceptEncoding(acceptEncoding: string): Encoding {
  const q: Record<string, number> = {};
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q[name.trim()] = qParam ? Number(qParam.slice(2)) || 0 : 1;
  }
  const accepts = (name: string) => (q[name] ?? q['*'] ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Sends `{"result": result}` from the shared wire body, compressed as the caller accepts. */
export function sendSharedAnswer(request: FastifyRequest, reply: FastifyReply, result: object) {
  const body = wireBody(result);
  const encoding = body.br ? chooseEncoding(request.headers['accept-encoding']) : null;
  reply.type('application/json; charset=utf-8');
  if (body.br) reply.header('vary', 'accept-encoding');
  if (encoding === null) return reply.send(body.json);
  // @fastify/compress leaves a reply that already has a Content-Encoding alone.
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? body.br : body.gzip);
}
