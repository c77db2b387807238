import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * PGlite keeps the whole database in one process's memory and writes it back to its folder: two
 * processes on one DATA_DIR (a server started twice, a backup run beside the server on another
 * PORT) each saw only their own writes, and whichever closed last overwrote the other's. The first
 * process to open the folder writes its PID into a lock file; another one is refused while that
 * process lives. A lock left by a process that died (a crash, a kill -9) is taken over, and so is
 * one written before the machine last started (a power cut), whatever process has its PID now.
 */

export const LOCK_FILE_NAME = 'serwis.lock';

/** The lock files this process holds. */
const heldHere = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `Katalog danych ${path.dirname(lockFile)} (wbudowana baza PGlite) jest już otwarty przez inny proces (PID ${pid}): serwer lub polecenie kopii. ` +
        `Dwa procesy na jednym katalogu nadpisałyby sobie zmiany. Zatrzymaj tamten proces albo użyj PostgreSQL (DATABASE_URL). ` +
        `Jeśli żaden taki proces nie działa, usuń plik ${lockFile}.`,
    );
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // Our own PID in the file: this process's lock left over, or a container that restarted as PID 1.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of the data folder `dir` (DATA_DIR) for this process; returns its release. Throws
 * DataDirLockedError while another living process holds it. Two processes taking over one stale
 * lock at the same instant could both go on; a lock is stale only after a crash.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockFile = path.join(path.resolve(dir), LOCK_FILE_NAME);
  // This process's own PID in the file is taken for a leftover, so a second open here is told apart.
  if (heldHere.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      // O_EXCL: of two processes starting at the same moment, one creates the file.
      fs.writeFileSync(lockFile, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readOrEmpty(lockFile), 10);
      // Written before the machine last started: its process is gone, whatever now has its PID.
      if (isRunning(holder) && !writtenBeforeBoot(lockFile)) throw new DataDirLockedError(lockFile, holder);
      if (attempt > 0) throw new DataDirLockedError(lockFile, holder);
      // Left by a process that no longer runs: removed, and created again as ours.
      fs.rmSync(lockFile, { force: true });
    }
  }
  heldHere.add(lockFile);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockFile);
    if (readOrEmpty(lockFile).trim() === String(process.pid)) fs.rmSync(lockFile, { force: true });
  };
}

function writtenBeforeBoot(file: string): boolean {
  try {
    return fs.statSync(file).mtimeMs < Date.now() - os.uptime() * 1000;
  } catch {
    return false;
  }
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
