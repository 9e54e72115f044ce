import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  createRequestContext,
  DomainError,
  errorStatus,
  isDomainError,
  localeFrom,
  SERVER_TIMEOUTS,
  type Collection,
  type Locale,
  type SessionGuard,
  type Translator,
} from '@ruedas/platform';
import { MAX_FILE_BYTES, MAX_FILES_PER_UPLOAD, CONTENT_TYPES, RESPONSIVE_WIDTHS, type Encoding } from './limits';
import type { PhotoLibrary } from './photos';
import { imageTooLarge } from './pipeline';
import type { ProcessedPhoto } from './pipeline';
import { MEDIA_PATHS } from './paths';
import { PLACEHOLDER_SVG } from './placeholder';
import { renderPreviewPage } from './preview';
import type { PreviewDoc } from './store';

export { MEDIA_PATHS };
const ATTACHMENT = MEDIA_PATHS[0];

export interface RouteDeps {
  library: PhotoLibrary;
  previews: Collection<PreviewDoc>;
  guard: SessionGuard;
  translate: Translator;
  publicUrl: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300';

/** The refused file of an upload: its position (from 0) and its name. */
interface RefusedFile {
  index: number;
  name: string;
}

export async function registerMediaRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const sendError = errorSender(deps.translate);
  await registerUpload(app, deps, sendError);
  registerPhotoRoutes(app, deps, sendError);
  registerPreview(app, deps);
}

type SendError = ReturnType<typeof errorSender>;

/** Answers a refusal as its status and translated message (with the refused file of an upload); anything else is thrown on. */
function errorSender(translate: Translator) {
  return (reply: FastifyReply, error: unknown, locale: Locale, file?: RefusedFile) => {
    if (!isDomainError(error)) throw error;
    return reply.code(errorStatus[error.code]).send({
      code: error.code,
      messageKey: error.messageKey,
      message: translate(error.messageKey, locale, error.params),
      ...(file ? { file } : {}),
    });
  };
}

/** The upload of photos (multipart). */
async function registerUpload(app: FastifyInstance, { library, guard }: RouteDeps, sendError: SendError): Promise<void> {
  // Multipart parsing is scoped to the upload route: no other route of the process accepts it.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES_PER_UPLOAD, fields: 10, fieldSize: 1024 },
    });

    /**
     * Each file is checked and re-encoded as it arrives; the first refusal stops the upload and
     * nothing of the request is stored.
     */
    // Photos from a slow mobile connection take longer than an API body (SERVER_TIMEOUTS).
    scope.post(`${ATTACHMENT}/protected`, { config: { bodyTimeoutMs: SERVER_TIMEOUTS.uploadBodyMs } }, async (request, reply) => {
      const locale = localeFrom(request.headers['accept-language']);
      let refused: RefusedFile | undefined;
      try {
        const viewer = await guard.viewer(createRequestContext(request.headers));
        if (!request.isMultipart()) throw new DomainError('UNSUPPORTED_MEDIA', 'unsupportedMediaType');
        const prepared: ProcessedPhoto[] = [];
        for await (const part of request.files()) {
          const file = { index: prepared.length, name: part.filename || `${prepared.length + 1}` };
          refused = file;
          const bytes = await part.toBuffer();
          if (part.file.truncated) throw imageTooLarge(file.name);
          prepared.push(await library.prepare(bytes, file.name));
          refused = undefined;
        }
        if (prepared.length === 0) throw new DomainError('VALIDATION', 'noImages');
        return reply.send(await library.store(viewer.userId, prepared));
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
          return sendError(reply, new DomainError('PAYLOAD_TOO_LARGE', 'tooManyFiles', undefined, { maxFiles: MAX_FILES_PER_UPLOAD }), locale);
        }
        return sendError(reply, error, locale, refused);
      }
    });
  });
}

/** A photo's bytes (a variant, a responsive width, or the placeholder) and its deletion by its owner. */
function registerPhotoRoutes(app: FastifyInstance, { library, guard }: RouteDeps, sendError: SendError): void {
  app.get<{ Params: { id: string }; Querystring: { thumb?: string; w?: string } }>(`${ATTACHMENT}/:id`, async (request, reply) => {
    const encoding: Encoding = acceptsWebp(request.headers.accept) ? 'webp' : 'jpeg';
    const variantName = request.query.thumb === 'true' ? 'thumb' : 'display';
    const photo = await library.find(request.params.id);
    const variant = photo?.variants.find((v) => v.variant === variantName && v.encoding === encoding);
    reply.header('Vary', 'Accept').header('X-Content-Type-Options', 'nosniff');
    if (!variant || !photo) return sendPlaceholder(reply);
    // `?w=` one of the responsive widths (srcset); any other value is the display size.
    const width = RESPONSIVE_WIDTHS.find((candidate) => String(candidate) === request.query.w);
    if (width && variantName === 'display') {
      const resized = await library.atWidth(photo, width, encoding);
      if (!resized) return sendPlaceholder(reply);
      const etag = `"${resized.etag}"`;
      reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type(CONTENT_TYPES[encoding]).send(resized.body);
    }
    const etag = `"${variant.etag}"`;
    reply.header('ETag', etag).header('Cache-Control', IMMUTABLE);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const blob = await library.read(variant);
    if (!blob) return sendPlaceholder(reply.removeHeader('ETag'));
    return reply.type(CONTENT_TYPES[encoding]).send(blob.body);
  });

  app.delete<{ Params: { id: string } }>(`${ATTACHMENT}/protected/:id`, async (request, reply) => {
    const locale = localeFrom(request.headers['accept-language']);
    try {
      const viewer = await guard.viewer(createRequestContext(request.headers));
      await library.delete(request.params.id, viewer);
      return reply.code(204).send();
    } catch (error) {
      return sendError(reply, error, locale);
    }
  });
}

/** The share page of an ad. */
function registerPreview(app: FastifyInstance, deps: RouteDeps): void {
  const { library } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');

  app.get<{ Params: { opportunityId: string }; Querystring: { thumb?: string } }>('/preview/:opportunityId', async (request, reply) => {
    const { opportunityId } = request.params;
    const preview = await deps.previews.findById(opportunityId);
    const cover = preview?.coverPhotoId ? await library.find(preview.coverPhotoId) : null;
    const html = renderPreviewPage({
      opportunityId,
      preview,
      cover,
      thumb: request.query.thumb === 'true',
      locale: localeFrom(request.headers['accept-language']),
      publicUrl,
    });
    return reply
      .header('Cache-Control', SHORT)
      .header('Vary', 'Accept-Language')
      .header('Content-Security-Policy', "default-src 'none'")
      .type('text/html; charset=utf-8')
      .send(html);
  });
}

/**
 * The placeholder answers 200, not 404: an <img> shows a 200 image, while on a 404 browsers show
 * their broken-image icon. It is cached briefly, since a photo being replicated may appear soon.
 */
function sendPlaceholder(reply: FastifyReply) {
  return reply
    .code(200)
    .header('Cache-Control', SHORT)
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
    .type('image/svg+xml')
    .send(PLACEHOLDER_SVG);
}

/** WebP only for clients that name it (browsers do); `*\/*` alone (crawlers, old clients) gets JPEG. */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type, ...params] = range
      .trim()
      .split(';')
      .map((s) => s.trim());
    if (type?.toLowerCase() !== 'image/webp') return false;
    const q = params.find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
