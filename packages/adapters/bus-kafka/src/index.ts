export { createKafkaBus, type KafkaBusOptions } from './kafka-bus';
export { DEAD_LETTER_HEADERS } from '@ruedas/platform';
