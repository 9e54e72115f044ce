import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { chmod, link, rename, rm, stat, unlink } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { basename, join } from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files';

export interface DirLock {
  release(): Promise<void>;
}

/** How long a start waits for a live owner to finish exiting (a process killed with SIGKILL may take a second or two). */
export const DATA_DIR_LOCK_WAIT_MS = 5_000;
/** A Unix socket's path must fit in 108 bytes; longer ones are reached through the folder's descriptor. */
const SOCKET_PATH_MAX = 100;

/**
 * Makes sure only one adapter of one process uses a data folder at a time (the embedded adapters),
 * with a lock the operating system releases when its holder dies, however it dies (decision 0146).
 * `LOCK` is a Unix domain socket the owner listens on: a live owner accepts a connection (and
 * answers its pid, for the message); once the owner is dead, even by SIGKILL or the OOM killer,
 * the kernel has closed its socket and a connection is refused, so the lock is stale and is taken
 * over. No process id decides anything, so a new process that got the dead one's pid (process 1 in
 * a container) starts. The socket is created under a private name and hard-linked as `LOCK`, which
 * fails if `LOCK` exists: two starts cannot both take a free folder. A live owner, this process
 * included, is refused; another process is waited for up to `waitMs` while it finishes exiting.
 */
export async function lockDataDir(dir: string, what: string, options: { waitMs?: number } = {}): Promise<DirLock> {
  const path = join(dir, 'LOCK');
  const mine = join(dir, `LOCK.${process.pid}.${randomBytes(6).toString('hex')}`);
  const folder = new FolderAddress(dir);
  let server: Server | null = null;
  try {
    server = await listen(folder.socket(mine));
    await chmod(mine, PRIVATE_FILE_MODE);
    const inode = (await stat(mine)).ino;
    const deadline = Date.now() + (options.waitMs ?? DATA_DIR_LOCK_WAIT_MS);
    for (let attempt = 0; attempt < 1_000; attempt += 1) {
      try {
        await link(mine, path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = await ownerOf(folder.socket(path));
        if (owner === null) {
          await takeOver(dir, path, folder);
          continue;
        }
        if (owner !== process.pid && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        throw new Error(
          `the data folder ${dir} of the ${what} is already in use by process ${owner || 'unknown'} (lock ${path}); ` +
            'only one process may open it at a time',
        );
      }
      await unlink(mine);
      const held = server;
      return {
        release: async () => {
          // Only our own socket: never a lock another process took after ours was removed by hand.
          const current = await stat(path).catch(() => null);
          if (current?.ino === inode) await rm(path, { force: true });
          await new Promise<void>((resolve) => held.close(() => resolve()));
          folder.close();
        },
      };
    }
    throw new Error(`could not take the lock ${path}: other processes keep taking it over`);
  } catch (error) {
    if (server) server.close();
    await rm(mine, { force: true });
    folder.close();
    throw error;
  }
}

/**
 * Moves a stale lock out of the way without removing one a live process took meanwhile: the lock is
 * renamed to a private name (atomic), checked there, and deleted only when nobody answers on it;
 * a live one is linked back.
 */
async function takeOver(dir: string, path: string, folder: FolderAddress): Promise<void> {
  const aside = join(dir, `LOCK.stale.${randomBytes(6).toString('hex')}`);
  try {
    await rename(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((await ownerOf(folder.socket(aside))) === null) {
    await rm(aside, { force: true });
    return;
  }
  await link(aside, path).catch(() => undefined);
  await rm(aside, { force: true });
}

/** Listens on a Unix socket; every connection is answered with this process's id and closed. */
function listen(path: string): Promise<Server> {
  const server = createServer((socket) => {
    socket.on('error', () => undefined);
    socket.end(`${process.pid}\n`);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      // The lock never keeps the process alive.
      server.unref();
      resolve(server);
    });
  });
}

/**
 * Who holds the socket at `path`: its process id once it answers (0 when a live owner is too busy
 * to answer within a second), or null when nobody listens there (refused: its owner died; or no
 * socket at all, e.g. the pid file of an older version).
 */
function ownerOf(path: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(path);
    let connected = false;
    let answer = '';
    const done = (value: number | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.setTimeout(1_000, () => done(0));
    });
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => done(Number.parseInt(answer, 10) || 0));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (connected) return done(Number.parseInt(answer, 10) || 0);
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT' || error.code === 'ENOTSOCK') return done(null);
      socket.destroy();
      reject(error);
    });
  });
}

/**
 * The address of a socket file in the folder: its path, or on Linux, when that is too long for a
 * Unix socket, the same file through the folder's descriptor (`/proc/self/fd/<n>/<name>`).
 */
class FolderAddress {
  private fd: number | null = null;

  constructor(private readonly dir: string) {}

  socket(file: string): string {
    if (Buffer.byteLength(file) <= SOCKET_PATH_MAX || process.platform !== 'linux') return file;
    this.fd ??= openSync(this.dir, 'r');
    return `/proc/self/fd/${this.fd}/${basename(file)}`;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
