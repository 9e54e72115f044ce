import type { ServiceModule, SessionGuard } from '@ruedas/platform';
import { PhotoLibrary } from './photos';
import { followOpportunities } from './preview';
import { mediaResolvers } from './resolvers';
import { registerMediaRoutes } from './routes';
import { openCollections } from './store';
import { subgraph } from './subgraph';

export { subgraph };
export { importPhoto, PhotoLibrary, isPhotoId, type PhotoDeps } from './photos';
export { MEDIA_PATHS, acceptsWebp } from './routes';
export { escapeHtml, renderPreviewPage, type PreviewPageInput } from './preview';
export { sniffFormat, type ProcessedPhoto, type EncodedVariant } from './pipeline';
export { photoHash } from './photo-hash';
export { MAX_FILE_BYTES, MAX_PIXELS, MAX_FILES_PER_UPLOAD, VARIANT_SIZES } from './limits';
export { PLACEHOLDER_SVG, PLACEHOLDER_SIZE } from './placeholder';

export interface MediaOptions {
  /** The process's guard: who uploads and deletes is read from it. */
  guard: SessionGuard;
}

/**
 * The media service: photo upload and re-encoding, serving by id, deletion, and the share pages of
 * ads (built from the ad snapshots it consumes). Its REST paths are mounted on the process server.
 */
export function createMedia(options: MediaOptions): ServiceModule {
  return {
    subgraph,
    async init(context) {
      const { previews } = await openCollections(context.store);
      const library = await PhotoLibrary.open(context);
      const following = await followOpportunities({ bus: context.bus, store: context.store, logger: context.logger, previews });
      return {
        resolvers: mediaResolvers(library, options.guard, context.publicUrl),
        routes: (app) => registerMediaRoutes(app, { library, previews, guard: options.guard, translate: context.translate, publicUrl: context.publicUrl }),
        async stop() {
          await following.stop();
        },
      };
    },
  };
}
