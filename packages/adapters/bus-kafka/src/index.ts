export { createKafkaBus, DEFAULT_PARTITIONS, KEEP_FOREVER, type KafkaBusOptions } from './kafka-bus';
export { DEAD_LETTER_HEADERS } from '@ruedas/platform';
