// The store-backed rate windows moved to @ruedas/platform (search's market ranges count in them too, decision 0153).
export { addressSubject, rateLimited, RateLimiter, type Taken } from '@ruedas/platform';
