import { MAX_PAGE_SIZE } from '@ruedas/domain';
import { pageRequest, type RequestContext, type Resolvers, type SessionGuard } from '@ruedas/platform';
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

/**
 * A stored photo, or the placeholder the same URLs answer for an unknown or deleted one. Its URLs
 * are absolute, on the site's public address (RUEDAS_PUBLIC_URL), so another team's client can use
 * them as they come.
 */
function photoView(id: string, photo: PhotoDoc | null, publicUrl: string): PhotoView {
  const url = new URL(`${MEDIA_PATHS[0]}/${encodeURIComponent(id)}`, publicUrl).href;
  const size = photo ? { width: photo.width, height: photo.height } : PLACEHOLDER_SIZE;
  return { id, url, thumbUrl: `${url}?thumb=true`, ...size };
}

export function mediaResolvers(library: PhotoLibrary, guard: SessionGuard, publicUrl: string): Resolvers {
  return {
    Photo: {
      __resolveReference: async (reference: { id: string }) => photoView(reference.id, await library.find(reference.id), publicUrl),
    },
    Query: {
      myPhotos: async (_: unknown, _args: unknown, ctx: RequestContext) => {
        const viewer = await guard.viewer(ctx);
        return (await library.ownedBy(viewer.userId)).map((photo) => photoView(photo._id, photo, publicUrl));
      },
      myPhotoPage: async (_: unknown, args: { page?: unknown; pageSize?: unknown }, ctx: RequestContext) => {
        const viewer = await guard.viewer(ctx);
        const page = await library.ownedPage(viewer.userId, pageRequest(args, MAX_PAGE_SIZE));
        return { ...page, items: page.items.map((photo) => photoView(photo._id, photo, publicUrl)) };
      },
    },
  };
}
