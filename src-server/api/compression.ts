import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, an answer goes as it is: compressing it would save less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

type Encoding = 'br' | 'gzip';

/** What the client accepts, best first: Brotli, then gzip; null for neither (or `q=0`). */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

function compress(encoding: Encoding, body: string | Buffer): Promise<Buffer> {
  // Off the event loop (zlib's threads), at a level made for answers written on the fly:
  // Brotli 4 compresses JSON better than gzip 6, at about its speed.
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      })
    : gzipAsync(body, { level: 6 });
}

/**
 * The API's answers compressed (issue 48: the inbox's list is megabytes of JSON at each
 * sign-in), with Brotli or gzip as the client accepts: JSON, text and CSV of 1 KiB and more.
 * The event streams are not: they are written by hand, each event as it happens.
 */
export async function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (request.method === 'HEAD' || reply.hasHeader('content-encoding')) return payload;
  if (Buffer.byteLength(payload) < COMPRESSION_THRESHOLD_BYTES) return payload;
  const type = String(reply.getHeader('content-type') ?? '');
  if (!/^(application\/json|text\/)/.test(type)) return payload;
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) {
    reply.header('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const body = await compress(encoding, payload);
  reply.header('Content-Encoding', encoding);
  reply.removeHeader('content-length');
  return body;
}
