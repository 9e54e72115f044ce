export { createEmbeddedBus, type EmbeddedBusOptions } from './embedded-bus';
export { DEAD_LETTER_HEADERS } from '@ruedas/platform';
