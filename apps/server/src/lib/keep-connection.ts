import type { FastifyReply } from 'fastify';

/**
 * A request whose body is read and whose answer the server is still making (an import waiting for
 * the one before it and running, a label sheet waiting for its turn and rendered): nothing need
 * move on the connection meanwhile, for minutes, and the idle limit (IDLE_CONNECTION_TIMEOUT_S),
 * which is for a client gone silent in the middle of its upload or download, would cut it. The limit
 * comes back when the answer has gone.
 */
export function keepConnectionWhileWorking(reply: FastifyReply) {
  const socket = reply.raw.socket;
  // No socket to keep under app.inject (tests), whose stand-in has no timer either.
  if (typeof socket?.setTimeout !== 'function') return;
  socket.setTimeout(0);
  reply.raw.once('finish', () => socket.setTimeout(reply.server.server.timeout));
}
