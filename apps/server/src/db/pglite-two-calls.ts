import {
  messages,
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

const { serialize } = protocol;

/** The messages as one buffer: PGlite hands a buffer to PostgreSQL in one call into WebAssembly. */
function joined(messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    all.set(message, offset);
    offset += message.length;
  }
  return all;
}

/** A DatabaseError as PGlite's own query throws it: with the statement, its values and options. */
function withQuery(error: unknown, query: string, params: unknown[], options?: QueryOptions): unknown {
  if (error instanceof messages.DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/**
 * One statement of the extended protocol in two calls into PGlite's WebAssembly where PGlite's own
 * `query` makes six (docs/decisions.md, "PGlite's statements in two calls"): parse and describe the
 * statement (its parameters' types choose PGlite's serializer of each value, as PGlite does), then
 * bind, describe the portal, execute and sync at once. The rows, the fields and an error are read
 * by PGlite's own `parseResults` and thrown as PGlite throws them; after a failed parse the sync is
 * sent alone, as PGlite's `query` does in its `finally`.
 *
 * The caller holds PGlite's transaction lock (outside a transaction, `query`; inside one, the
 * transaction itself); this takes the query lock. `durable`: the files are synced after it, as
 * PGlite does for a statement outside a transaction.
 */
export async function queryInTwoCalls<T>(
  client: PGlite,
  text: string,
  params: unknown[] = [],
  options: QueryOptions | undefined,
  durable: boolean,
): Promise<Results<T>> {
  return client._runExclusiveQuery(async () => {
    const protocolOptions = { onNotice: options?.onNotice, syncToFs: false };
    let executed: BackendMessage[] = [];
    let syncSent = false;
    try {
      const described = await client.execProtocolStream(
        joined([serialize.parse({ text, types: options?.paramTypes }), serialize.describe({ type: 'S' })]),
        protocolOptions,
      );
      const types = parse.parseDescribeStatementResults(described);
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[types[index]] ?? client.serializers[types[index]];
        return serializer ? serializer(value) : String(value);
      });
      syncSent = true;
      executed = await client.execProtocolStream(
        joined([
          serialize.bind({ values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        protocolOptions,
      );
    } catch (error) {
      throw withQuery(error, text, params, options);
    } finally {
      if (!syncSent) await client.execProtocolStream(serialize.sync(), protocolOptions);
    }
    if (durable) await client.syncToFs();
    return parse.parseResults(executed, client.parsers, options)[0] as Results<T>;
  });
}
