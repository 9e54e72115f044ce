export { createKafkaBus, DEFAULT_PARTITIONS, KEEP_FOREVER, mergeTopicConfig, topicConfigFor, type KafkaBusOptions } from './kafka-bus';
export { DEAD_LETTER_HEADERS } from '@ruedas/platform';
