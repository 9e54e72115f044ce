import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/LOCK` holding this process's pid, so that two live stores (in this or another
 * process) never write the same folder. A lock left by a dead process is taken over.
 */
export async function acquireLock(dir: string): Promise<() => Promise<void>> {
  const file = join(dir, 'LOCK');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      return () => unlink(file).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number.parseInt(await readFile(file, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(holder) && alive(holder)) {
      throw new Error(
        `the embedded document store in ${dir} is in use by process ${holder}` +
          (holder === process.pid ? ' (this process: close the other store first)' : ''),
      );
    }
    await unlink(file).catch(() => undefined);
  }
  throw new Error(`could not take the lock ${file}`);
}
