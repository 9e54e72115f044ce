export { Photo, DEFAULT_PHOTO_RATIO, type PhotoProps } from './Photo';
export { PhotoCarousel, type PhotoCarouselProps, type PhotoCarouselVariant } from './PhotoCarousel';
export { PhotoUploader, type PhotoUploaderProps } from './PhotoUploader';
export { photoUrl, type PhotoUrlOptions } from './urls';
export { ACCEPTED_PHOTO_TYPES, MAX_PHOTO_BYTES, photoCap } from './rules';
