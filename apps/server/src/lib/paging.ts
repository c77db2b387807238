import type { FastifyReply } from 'fastify';
import type { ListQuery } from '@serwis/domain';

/** limit/offset for a paged request, or undefined when the client asked for the full array. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'size'>, defaultSize = 20) {
  if (query.page === undefined && query.size === undefined) return undefined;
  const size = query.size ?? defaultSize;
  const page = query.page ?? 1;
  return { limit: size, offset: (page - 1) * size };
}

export function setTotalCount(reply: FastifyReply, total: number) {
  reply.header('X-Total-Count', String(total));
}
