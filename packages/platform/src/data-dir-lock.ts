import { readFile, rm, writeFile } from 'node:fs/promises';
import { PRIVATE_FILE_MODE } from './private-files';
import { join } from 'node:path';

export interface DirLock {
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Makes sure only one adapter of one process uses a data folder at a time (the embedded adapters):
 * a `LOCK` file holds the owner's pid. A lock left by a process that no longer exists is taken
 * over; a live owner, this process included, is refused.
 */
export async function lockDataDir(dir: string, what: string): Promise<DirLock> {
  const path = join(dir, 'LOCK');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return { release: () => rm(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && isAlive(owner)) {
      throw new Error(
        `the data folder ${dir} of the ${what} is already in use by process ${owner} (lock file ${path}); ` + 'only one process may open it at a time',
      );
    }
    await rm(path, { force: true });
  }
  throw new Error(`could not take the lock file ${path}: another process keeps taking it over`);
}
