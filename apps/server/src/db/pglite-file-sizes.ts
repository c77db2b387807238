import type { PGlite } from '@electric-sql/pglite';

type Operation = (...args: never[]) => unknown;
type Stream = object;

/** What this module uses of Emscripten's NODEFS, the file system of PGlite's data directory. */
interface NodeFs {
  stream_ops: Record<string, Operation | undefined> & {
    llseek: (stream: Stream, offset: number, whence: number) => number;
    close: (stream: Stream) => unknown;
  };
  node_ops: Record<string, Operation | undefined>;
}

const SEEK_END = 2;

/**
 * Every operation of NODEFS that may change a file's size, or which file a name stands for: a write
 * (msync writes through `write` too), a truncation (`setattr`, of a stream or of a path; Emscripten's
 * `posix_fallocate` is one), opening (O_TRUNC), and creating, removing or renaming a file.
 */
const STREAM_CHANGES = ['write', 'setattr', 'open'];
const NODE_CHANGES = ['setattr', 'mknod', 'unlink', 'rename', 'symlink', 'rmdir'];
/** The operations that change nothing themselves (as of PGlite 0.5; `msync` writes through `write`). */
const STREAM_READS = ['getattr', 'close', 'dup', 'read', 'llseek', 'mmap', 'msync'];
const NODE_READS = ['getattr', 'lookup', 'readdir', 'readlink', 'statfs'];

/** Whether NODEFS has only the operations above: one it gained later might change a size unseen. */
function knownOperations({ stream_ops: streamOps, node_ops: nodeOps }: NodeFs): boolean {
  const known = (ops: object, names: string[]) => Object.keys(ops).every((name) => names.includes(name));
  return (
    known(streamOps, [...STREAM_CHANGES, ...STREAM_READS]) &&
    known(nodeOps, [...NODE_CHANGES, ...NODE_READS]) &&
    typeof streamOps.llseek === 'function' &&
    typeof streamOps.close === 'function'
  );
}

/**
 * PGlite answers the size of its open files from memory (docs/decisions.md, "The sizes of PGlite's
 * files"). PostgreSQL asks a relation's size (`lseek` to its end) each time it plans a statement,
 * once for the table and once for each of its indexes, and before each scan: 88 times for a page of
 * the machine list, whose table has 33 indexes. On PGlite each of these is a `fstat` through
 * Node.js, about 1.7 µs. A size is now measured once and kept until anything may change a file:
 * every write, truncation or allocation, and every file opened, created, removed or renamed forgets
 * them all, and a stream's own is forgotten when it closes. The data directory belongs to this one
 * process (PGlite runs PostgreSQL inside it), so nothing else changes its files meanwhile. A NODEFS
 * with any operation not listed above is left as it is.
 */
export function keepFileSizes(client: PGlite): void {
  const nodefs = client.Module.NODEFS as unknown as NodeFs | undefined;
  // Only a speed-up: a PGlite whose file system has other operations runs as it comes.
  if (!nodefs?.stream_ops || !nodefs.node_ops || !knownOperations(nodefs)) return;
  const sizes = new Map<Stream, number>();
  const forgetAll = (operation: Operation): Operation =>
    function (this: unknown, ...args: never[]) {
      sizes.clear();
      return operation.apply(this, args);
    };

  const { stream_ops: streamOps, node_ops: nodeOps } = nodefs;
  for (const name of STREAM_CHANGES) {
    const operation = streamOps[name];
    if (operation) streamOps[name] = forgetAll(operation);
  }
  for (const name of NODE_CHANGES) {
    const operation = nodeOps[name];
    if (operation) nodeOps[name] = forgetAll(operation);
  }

  const { llseek, close } = streamOps;
  streamOps.llseek = function (this: unknown, stream, offset, whence) {
    if (whence !== SEEK_END) return llseek.call(this, stream, offset, whence);
    let size = sizes.get(stream);
    if (size === undefined) {
      size = llseek.call(this, stream, 0, SEEK_END);
      sizes.set(stream, size);
    }
    // A position before the start is refused by NODEFS's own llseek (EINVAL).
    return size + offset < 0 ? llseek.call(this, stream, offset, whence) : size + offset;
  };
  streamOps.close = function (this: unknown, stream) {
    sizes.delete(stream);
    return close.call(this, stream);
  };
}
