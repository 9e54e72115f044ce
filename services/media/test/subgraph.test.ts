import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLACEHOLDER_SIZE } from '../src';
import { jpeg, startMedia, upload, type Media } from './harness';

let media: Media;
beforeAll(async () => {
  media = await startMedia();
});
afterAll(async () => media.stop());

const ENTITIES = (ids: string[]) =>
  `{ _entities(representations: [${ids.map((id) => `{ __typename: "Photo", id: "${id}" }`).join(', ')}]) { ... on Photo { id url thumbUrl width height } } }`;

describe('Photo subgraph', () => {
  it('resolves photo references (as listings returns them) to their URLs and display size; an unknown one to the placeholder', async () => {
    const seller = await media.signIn();
    const [id] = (await upload(media, [{ name: 'a.jpg', bytes: await jpeg(900, 1200) }], seller.token)).body as string[];
    const unknown = '00000000-0000-4000-8000-000000000000';
    const result = await media.query(ENTITIES([id!, unknown]));
    expect(result.data?._entities).toEqual([
      { id, url: `https://ruedas.test/api/v1/attachment/${id}`, thumbUrl: `https://ruedas.test/api/v1/attachment/${id}?thumb=true`, width: 900, height: 1200 },
      {
        id: unknown,
        url: `https://ruedas.test/api/v1/attachment/${unknown}`,
        thumbUrl: `https://ruedas.test/api/v1/attachment/${unknown}?thumb=true`,
        ...PLACEHOLDER_SIZE,
      },
    ]);
  });

  it("answers myPhotos only to a signed-in user, with that user's photos alone", async () => {
    const [one, two] = [await media.signIn(), await media.signIn()];
    const [mine] = (await upload(media, [{ name: 'm.png', bytes: await jpeg(100, 100) }], one.token)).body as string[];
    await upload(media, [{ name: 'o.png', bytes: await jpeg(100, 100) }], two.token);
    expect((await media.query('{ myPhotos { id } }', one.token)).data?.myPhotos).toEqual([{ id: mine }]);
    expect((await media.query('{ myPhotos { id } }')).errors?.[0]?.extensions?.code).toBe('0003');
  });
});
