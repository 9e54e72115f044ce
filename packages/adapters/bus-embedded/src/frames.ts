import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';

/**
 * The on-disk record format shared by topic logs and the offset log: a frame is
 * `[u32 payload length][u32 crc32 of payload][payload]`, big-endian. The checksum lets a reader tell
 * a complete frame from a torn tail left by a crash in the middle of a write.
 */
const FRAME_HEADER_BYTES = 8;
const SCAN_CHUNK_BYTES = 1 << 20;

export function encodeFrame(payload: Buffer): Buffer {
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + payload.length);
  frame.writeUInt32BE(payload.length, 0);
  frame.writeUInt32BE(crc32(payload), 4);
  payload.copy(frame, FRAME_HEADER_BYTES);
  return frame;
}

/** The payload of the frame starting at `start` in `buffer`, or null if it is incomplete or corrupt. */
function frameAt(buffer: Buffer, start: number): Buffer | null {
  if (start + FRAME_HEADER_BYTES > buffer.length) return null;
  const length = buffer.readUInt32BE(start);
  const checksum = buffer.readUInt32BE(start + 4);
  const end = start + FRAME_HEADER_BYTES + length;
  // Payloads are never empty: a run of zero bytes (a file extended by the filesystem) is not a frame.
  if (length === 0 || end > buffer.length) return null;
  const payload = buffer.subarray(start + FRAME_HEADER_BYTES, end);
  return crc32(payload) === checksum ? payload : null;
}

/** Every frame's payload in a buffer that holds whole frames (as read back from known positions). */
export function decodeFrames(buffer: Buffer): Buffer[] {
  const payloads: Buffer[] = [];
  let position = 0;
  while (position < buffer.length) {
    const payload = frameAt(buffer, position);
    if (!payload) throw new Error(`corrupt frame at byte ${position} of a block already verified on open`);
    payloads.push(payload);
    position += FRAME_HEADER_BYTES + payload.length;
  }
  return payloads;
}

/**
 * Reads a file's frames from the start, calling `onFrame` for each valid one, and returns the
 * length of the valid prefix: anything after it is a torn or corrupt tail.
 */
export async function scanFrames(file: FileHandle, onFrame: (payload: Buffer, position: number) => void): Promise<{ validLength: number; fileLength: number }> {
  const { size: fileLength } = await file.stat();
  let buffer = Buffer.alloc(0);
  let bufferStart = 0;
  let position = 0;

  // Makes sure `buffer` holds the bytes [start, start + length), reading ahead by whole chunks.
  const load = async (start: number, length: number): Promise<boolean> => {
    if (start + length <= bufferStart + buffer.length) return true;
    if (start + length > fileLength) return false;
    const size = Math.min(Math.max(length, SCAN_CHUNK_BYTES), fileLength - start);
    buffer = Buffer.allocUnsafe(size);
    const { bytesRead } = await file.read(buffer, 0, size, start);
    buffer = buffer.subarray(0, bytesRead);
    bufferStart = start;
    return bytesRead >= length;
  };

  while (await load(position, FRAME_HEADER_BYTES)) {
    const length = buffer.readUInt32BE(position - bufferStart);
    if (!(await load(position, FRAME_HEADER_BYTES + length))) break;
    const payload = frameAt(buffer, position - bufferStart);
    if (!payload) break;
    onFrame(payload, position);
    position += FRAME_HEADER_BYTES + payload.length;
  }
  return { validLength: position, fileLength };
}
