import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';

/**
 * The header a client sends with a write it may have to send again: the same key on the retry of a
 * write whose answer never came (the connection dropped after the server had saved). Optional: a
 * client that sends none (spec §7's) is answered as always.
 */
export const WRITE_KEY_HEADER = 'idempotency-key';
/** Says that an answer is the one given before to the same key, not a new write. */
export const REPLAYED_HEADER = 'idempotent-replayed';

/** A key a browser makes (a UUID) or any client's token of the same kind. */
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** A retry comes within minutes; a key is kept this long after its answer. */
const KEPT_MS = 15 * 60 * 1000;
/** The answers kept, at most (the oldest go first); each is a created record's JSON. */
const KEPT_ANSWERS = 2000;
/** A larger answer (no addition gives one) is not kept: at most 128 MB in all, a few MB in use. */
const KEPT_BYTES = 64 * 1024;

interface KeptAnswer {
  at: number;
  status: number;
  contentType: string;
  payload: string;
}

/** The key a write was sent with, scoped to its employee: another's key never replays their answer. */
function writeKeyOf(request: FastifyRequest): string | null {
  if (request.method !== 'POST' || !request.user) return null;
  const key = request.headers[WRITE_KEY_HEADER];
  return typeof key === 'string' && KEY_PATTERN.test(key) ? `${request.user.id}:${key}` : null;
}

/**
 * A record added once, whatever the retries: a POST that comes again with the key of one already
 * answered gets that answer again (with `Idempotent-Replayed: true`) instead of a second record.
 * Before, a note, a part, a machine or a service event whose answer was lost on a field connection
 * was saved twice when "Zapisz" was pressed again, and a customer's or an employee's retry was
 * refused as "already exists". Kept in the server's memory for 15 minutes: the retry of a lost
 * answer comes from the same screen, moments later. Only successful answers are kept: a refusal
 * is given afresh, from the data as it is then.
 */
export const writeReplayPlugin = fp(async (app) => {
  const kept = new Map<string, KeptAnswer>();
  const replayed = new WeakSet<FastifyRequest>();

  const forget = (now: number) => {
    for (const [key, answer] of kept) {
      if (now - answer.at < KEPT_MS && kept.size <= KEPT_ANSWERS) break;
      kept.delete(key);
    }
  };

  app.addHook('preHandler', async (request, reply) => {
    const key = writeKeyOf(request);
    if (!key) return;
    const answer = kept.get(key);
    if (!answer || Date.now() - answer.at >= KEPT_MS) return;
    replayed.add(request);
    return reply
      .code(answer.status)
      .header('content-type', answer.contentType)
      .header(REPLAYED_HEADER, 'true')
      .send(answer.payload);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = writeKeyOf(request);
    if (!key || replayed.has(request)) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (typeof payload !== 'string' || payload.length > KEPT_BYTES) return payload;
    const now = Date.now();
    kept.set(key, {
      at: now,
      status: reply.statusCode,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      payload,
    });
    forget(now);
    return payload;
  });
});
