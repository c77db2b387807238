import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir } from './pglite-lock.js';
import { openDatabase } from './database.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-lock-'));
  dirs.push(dir);
  return dir;
}

/** Another living process, as a second server would be. */
function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return new Promise((resolve) => child.once('spawn', () => resolve(child)));
}

const lockFileOf = (dir: string) => path.join(dir, LOCK_FILE_NAME);

describe('lockDataDir', () => {
  it('refuses a folder another living process holds, naming it and the way out', async () => {
    const dir = tempDir();
    const other = await otherProcess();
    fs.writeFileSync(lockFileOf(dir), `${other.pid}\n`);
    let refusal: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(DataDirLockedError);
    expect((refusal as Error).message).toContain(`PID ${other.pid}`);
    expect((refusal as Error).message).toContain(lockFileOf(dir));
    // The holder's lock is left as it was.
    expect(fs.readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(other.pid));
  });

  it('takes over the lock of a process that died, and releases only its own', async () => {
    const dir = tempDir();
    const other = await otherProcess();
    fs.writeFileSync(lockFileOf(dir), `${other.pid}\n`);
    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    // A lock with this process's PID but not taken here (a container restarted as the same PID).
    fs.writeFileSync(lockFileOf(dir), `${process.pid}\n`);
    lockDataDir(dir)();
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
  });

  it('takes over a lock written before the machine started, though its PID runs again', async () => {
    const dir = tempDir();
    const other = await otherProcess();
    fs.writeFileSync(lockFileOf(dir), `${other.pid}\n`);
    // A power cut: the lock is older than the machine's uptime; some other process got the PID.
    const beforeBoot = new Date(Date.now() - os.uptime() * 1000 - 60_000);
    fs.utimesSync(lockFileOf(dir), beforeBoot, beforeBoot);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(lockFileOf(dir), 'utf8').trim()).toBe(String(process.pid));
    release();
  });

  it('an embedded database stays closed while another process holds its DATA_DIR', async () => {
    const dir = tempDir();
    const other = await otherProcess();
    fs.writeFileSync(lockFileOf(dir), `${other.pid}\n`);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    expect(fs.existsSync(path.join(dir, 'db'))).toBe(false);

    other.kill('SIGKILL');
    await new Promise((resolve) => other.once('exit', resolve));
    const database = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lockFileOf(dir))).toBe(false);
    // A fresh embedded database is migrated from the first migration: 10–20 s on a busy machine.
  }, 120_000);
});
