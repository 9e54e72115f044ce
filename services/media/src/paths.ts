/** Where the media service answers over REST (the gateway passes these through in distributed mode). */
export const MEDIA_PATHS = ['/api/v1/attachment', '/preview'] as const;
