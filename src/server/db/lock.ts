import fs from 'node:fs';
import path from 'node:path';

export class DirectoryLockedError extends Error {
  override name = 'DirectoryLockedError';
}

/**
 * PGlite is single-process: two processes on one data directory corrupt it. A lock file holding our pid
 * keeps a second server out; a lock left by a dead process (hard kill) is taken over.
 */
const heldHere = new Set<string>();

export function acquireDirectoryLock(dir: string): () => void {
  if (heldHere.has(dir)) throw new DirectoryLockedError(`The data directory ${dir} is already open in this process.`);
  const lockPath = path.join(dir, '.marketplace.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(dir);
      return () => {
        if (!heldHere.delete(dir)) return;
        fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      // Our own pid here is a stale lock from a killed container that restarted with the same pid.
      if (isAlive(holder) && holder !== process.pid) {
        throw new DirectoryLockedError(
          `The data directory ${dir} is in use by another process (pid ${holder}). ` +
            'Stop that server first, or set DATA_DIR to another directory.',
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DirectoryLockedError(`Could not lock the data directory ${dir}.`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
