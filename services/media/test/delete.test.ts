import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoDeleted, readEvent, topics } from '@ruedas/events';
import { jpeg, startMedia, upload, type Media } from './harness';

let media: Media;
beforeAll(async () => {
  media = await startMedia();
});
afterAll(async () => media.stop());

const remove = async (id: string, token?: string) => {
  const response = await fetch(`${media.url}/api/v1/attachment/protected/${id}`, {
    method: 'DELETE',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: response.status === 204 ? null : ((await response.json()) as Record<string, unknown>) };
};
const served = async (id: string) => (await fetch(`${media.url}/api/v1/attachment/${id}`)).headers.get('content-type');

async function photoOf(owner: { token: string }) {
  const { body } = await upload(media, [{ name: 'p.jpg', bytes: await jpeg(320, 240) }], owner.token);
  return body[0] as string;
}

describe('deletion', () => {
  it('lets the owner delete a photo: the placeholder is served from then on, and a second delete is NOT_FOUND', async () => {
    const owner = await media.signIn();
    const id = await photoOf(owner);
    expect(await served(id)).toBe('image/jpeg');
    expect(await remove(id, owner.token)).toEqual({ status: 204, body: null });
    expect(await served(id)).toBe('image/svg+xml');
    expect(await remove(id, owner.token)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('refuses another user (FORBIDDEN) and a caller without a session (0003); an administrator may delete', async () => {
    const owner = await media.signIn();
    const other = await media.signIn();
    const admin = await media.signIn('ADMINISTRATOR');
    const id = await photoOf(owner);
    expect(await remove(id, other.token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(await remove(id)).toMatchObject({ status: 401, body: { code: '0003' } });
    expect(await served(id)).toBe('image/jpeg');
    expect((await remove(id, admin.token)).status).toBe(204);
    expect(await served(id)).toBe('image/svg+xml');
  });

  it('answers NOT_FOUND for an unknown id and removes the blobs of a deleted photo', async () => {
    const owner = await media.signIn();
    expect((await remove('00000000-0000-4000-8000-000000000000', owner.token)).status).toBe(404);
    const id = await photoOf(owner);
    await remove(id, owner.token);
    for (const name of ['display.jpg', 'display.webp', 'thumb.jpg', 'thumb.webp']) expect(await media.blobs.head(`photos/${id}/${name}`)).toBeNull();
  });

  it('publishes PhotoDeleted, with the owner, after PhotoUploaded', async () => {
    const owner = await media.signIn();
    const id = await photoOf(owner);
    await remove(id, owner.token);
    await media.relay.flush();
    const events: Array<{ type: string }> = [];
    const subscription = await media.bus.subscribe({
      group: `check-${id}`,
      topics: [topics.mediaPhoto],
      handler: async (message) => {
        if (message.key === id) events.push(message.value as { type: string });
      },
    });
    await expect.poll(() => events.map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoDeleted']);
    await subscription.stop();
    expect(readEvent(photoDeleted, events[1])?.payload.photo).toMatchObject({ id, ownerId: owner.userId });
  });
});
