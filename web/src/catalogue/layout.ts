/**
 * Sizing rules of the lists (spec 01 §9), as pure functions of the window width so they are
 * unit-tested and shared by every list.
 */

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** How many page numbers the pagination shows: about width/60 minus 2, within 1 to 21. */
export function paginationWindowSize(windowWidth: number): number {
  return clamp(Math.floor(windowWidth / 60) - 2, 1, 21);
}

/** Gold carousel ads per row: window width divided by 350, rounded, within 1 to 4. */
export function carouselAdsPerRow(windowWidth: number): number {
  return clamp(Math.round(windowWidth / 350), 1, 4);
}

/**
 * The page numbers to show: `size` consecutive pages (fewer when there are fewer pages) with the
 * current one as near the middle as the ends allow.
 */
export function pageWindow(current: number, totalPages: number, size: number): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(size, totalPages);
  const page = clamp(current, 1, totalPages);
  const first = clamp(page - Math.floor((count - 1) / 2), 1, totalPages - count + 1);
  return Array.from({ length: count }, (_, index) => first + index);
}

/** The `page` of a list's address: a whole number from 1; anything else is page 1. */
export function pageFromSearch(search: URLSearchParams): number {
  const text = search.get('page') ?? '';
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 1;
}
