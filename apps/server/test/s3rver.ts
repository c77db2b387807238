// @ts-expect-error -- s3rver ships no types; the little used here is typed below.
import S3rverModule from 's3rver';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const S3rver = S3rverModule as new (options: Record<string, unknown>) => S3rverInstance;

export interface LoopbackS3 {
  endpoint: string;
  close(): Promise<void>;
}

/**
 * An S3 server on 127.0.0.1 (a free port) keeping objects under `directory`; the stand-in for a
 * real S3-compatible store in tests and benchmarks. Credentials: S3RVER / S3RVER, path-style.
 */
export async function startS3rver(directory: string, buckets: string[] = []): Promise<LoopbackS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
