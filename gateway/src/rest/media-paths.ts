/**
 * The photo paths of spec 02 §7, which the media service answers itself (multipart upload, image
 * bytes, the share page: `servicePaths`), described beside the facade's own paths.
 */
import { PHOTO_LIMITS } from '@ruedas/domain';

const MB = PHOTO_LIMITS.maxBytes / 1024 / 1024;
const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const photoId = { name: 'id', in: 'path', required: true, description: 'The photo id (as the upload answered it)', schema: { type: 'string' } };
const mediaError = (description: string) => ({ description, content: errorContent });

export const mediaPaths: Record<string, Record<string, unknown>> = {
  '/api/v1/attachment/protected': {
    post: {
      operationId: 'postAttachmentProtected',
      summary: 'Uploads photos (JPG or PNG): answers one id per file, in order',
      description:
        `multipart/form-data, one part per file (at most ${PHOTO_LIMITS.maxFilesPerUpload} files of ${MB} MB each). Each photo is ` +
        `re-encoded (WebP and JPEG, display and thumbnail sizes) as it arrives; the first refused file stops the upload and nothing of the request is stored ` +
        `(\`file\` names it).`,
      tags: ['attachment'],
      security: [{ bearer: [] }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'array', items: { type: 'string', format: 'binary' } } } } },
        },
      },
      responses: {
        200: { description: 'The new photo ids', content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } } },
        400: mediaError('VALIDATION: no image in the request (noImages), or too many pixels (imageTooManyPixels)'),
        401: { $ref: '#/components/responses/Unauthorized' },
        413: mediaError(`PAYLOAD_TOO_LARGE: a file larger than ${MB} MB (imageTooLarge) or more than ${PHOTO_LIMITS.maxFilesPerUpload} files (tooManyFiles)`),
        415: mediaError('UNSUPPORTED_MEDIA: not multipart, or a file that is not a JPG or PNG image (invalidImageType)'),
        503: { $ref: '#/components/responses/Unavailable' },
      },
    },
  },
  '/api/v1/attachment/protected/{id}': {
    delete: {
      operationId: 'deleteAttachmentProtectedById',
      summary: 'Removes a photo (its uploader or an administrator)',
      tags: ['attachment'],
      security: [{ bearer: [] }],
      parameters: [photoId],
      responses: {
        204: { description: 'Removed' },
        400: { $ref: '#/components/responses/BadRequest' },
        401: { $ref: '#/components/responses/Unauthorized' },
        403: { $ref: '#/components/responses/Forbidden' },
        404: { $ref: '#/components/responses/NotFound' },
        503: { $ref: '#/components/responses/Unavailable' },
      },
    },
  },
  '/api/v1/attachment/{id}': {
    get: {
      operationId: 'getAttachmentById',
      summary: 'A photo: WebP when Accept allows it, else JPEG; a placeholder image for an unknown id',
      tags: ['attachment'],
      security: [],
      parameters: [
        photoId,
        { name: 'thumb', in: 'query', required: false, description: 'true for the thumbnail', schema: { type: 'string', enum: ['true', 'false'] } },
        {
          name: 'w',
          in: 'query',
          required: false,
          description: 'A responsive width (any other value: the display size)',
          schema: { type: 'integer', enum: [320, 640, 960, 1280] },
        },
      ],
      responses: {
        200: {
          description: 'The image (long-lived cache, ETag); image/svg+xml placeholder for an unknown id',
          headers: { ETag: { description: 'Answer 304 to If-None-Match', schema: { type: 'string' } } },
          content: {
            'image/webp': { schema: { type: 'string', format: 'binary' } },
            'image/jpeg': { schema: { type: 'string', format: 'binary' } },
            'image/svg+xml': { schema: { type: 'string' } },
          },
        },
        304: { description: 'Not modified (If-None-Match)' },
      },
    },
  },
  '/preview/{id}': {
    get: {
      operationId: 'getPreviewById',
      summary: 'The share page of an ad (Open Graph and Twitter tags, then on to the ad)',
      tags: ['attachment'],
      security: [],
      parameters: [
        { name: 'id', in: 'path', required: true, description: 'The ad id', schema: { type: 'string' } },
        {
          name: 'thumb',
          in: 'query',
          required: false,
          description: 'true: the shared image is the thumbnail',
          schema: { type: 'string', enum: ['true', 'false'] },
        },
      ],
      responses: {
        200: {
          description: 'An HTML page (for an unknown or private ad: a page without its details)',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      },
    },
  },
};
