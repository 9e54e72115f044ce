import { open, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, type Logger } from '@ruedas/platform';
import { scanFrames } from './frames';

/** Fsyncs a directory so that files created or renamed in it survive a crash. */
export async function syncDirectory(path: string): Promise<void> {
  const directory = await open(path, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

/**
 * Opens (creating if needed) a file of frames, replays its valid frames through `onFrame`, and cuts
 * off a torn or corrupt tail so that appends continue right after the last valid frame.
 */
export async function openFrameFile(
  path: string,
  onFrame: (payload: Buffer, position: number) => void,
  logger: Logger,
): Promise<{ file: FileHandle; length: number }> {
  const file = await open(path, 'a+', PRIVATE_FILE_MODE);
  try {
    // Makes the file's directory entry durable if this open created it.
    await syncDirectory(dirname(path));
    const { validLength, fileLength } = await scanFrames(file, onFrame);
    if (validLength < fileLength) {
      logger.warn({ path, validLength, discardedBytes: fileLength - validLength }, 'truncating a torn tail');
      await file.truncate(validLength);
      await file.sync();
    }
    return { file, length: validLength };
  } catch (error) {
    await file.close();
    throw error;
  }
}
