import type { FastifyReply } from 'fastify';

/**
 * Switches the idle limit (IDLE_CONNECTION_TIMEOUT_S), which is for a client gone silent in the
 * middle of its upload or download, off on `reply`'s connection; answers the function that switches
 * it back on.
 */
function pauseIdleLimit(reply: FastifyReply): () => void {
  const socket = reply.raw.socket;
  // No socket to keep under app.inject (tests), whose stand-in has no timer either.
  if (typeof socket?.setTimeout !== 'function') return () => undefined;
  socket.setTimeout(0);
  return () => socket.setTimeout(reply.server.server.timeout);
}

/**
 * A request whose body is read and whose answer the server is still making (an import waiting for
 * the one before it and running, a label sheet waiting for its turn and rendered): nothing need
 * move on the connection meanwhile, for minutes, and the idle limit would cut it. The limit comes
 * back when the answer has gone.
 */
export function keepConnectionWhileWorking(reply: FastifyReply) {
  reply.raw.once('finish', pauseIdleLimit(reply));
}

/**
 * `work` awaited with the connection kept, and the idle limit back once it is done: a long list or
 * export waits up to 15 s for its stream place before its first byte, however low the limit is set.
 */
export async function keepConnectionUntil<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  const restore = pauseIdleLimit(reply);
  try {
    return await work;
  } finally {
    restore();
  }
}
