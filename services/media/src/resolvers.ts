import type { RequestContext, Resolvers, SessionGuard } from '@ruedas/platform';
import type { PhotoLibrary } from './photos';
import { PLACEHOLDER_SIZE } from './placeholder';
import { MEDIA_PATHS } from './routes';
import type { PhotoDoc } from './store';

interface PhotoView {
  id: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
}

/** A stored photo, or the placeholder the same URLs answer for an unknown or deleted one. */
function photoView(id: string, photo: PhotoDoc | null): PhotoView {
  const url = `${MEDIA_PATHS[0]}/${encodeURIComponent(id)}`;
  const size = photo ? { width: photo.width, height: photo.height } : PLACEHOLDER_SIZE;
  return { id, url, thumbUrl: `${url}?thumb=true`, ...size };
}

export function mediaResolvers(library: PhotoLibrary, guard: SessionGuard): Resolvers {
  return {
    Photo: {
      __resolveReference: async (reference: { id: string }) => photoView(reference.id, await library.find(reference.id)),
    },
    Query: {
      myPhotos: async (_: unknown, _args: unknown, ctx: RequestContext) => {
        const viewer = await guard.viewer(ctx);
        return (await library.ownedBy(viewer.userId)).map((photo) => photoView(photo._id, photo));
      },
    },
  };
}
