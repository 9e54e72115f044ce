import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

/**
 * Data files hold password hashes, mails, photos and keys: readable by the process's owner only,
 * whatever the umask (issue 14). Every adapter that writes files creates them with these modes.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/**
 * Creates a folder (and its missing parents) for the owner only, and closes an existing one to
 * others too: a data folder made by an earlier version (0755) hides its older files from then on.
 */
export async function privateDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(path, PRIVATE_DIR_MODE);
}

/** `privateDir` for start-up code that is synchronous. */
export function privateDirSync(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}
