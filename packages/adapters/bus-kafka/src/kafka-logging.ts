import { logLevel, type logCreator } from 'kafkajs';
import type { Logger } from '@ruedas/platform';

/**
 * Sends kafkajs's own log lines to our logger instead of the console. Its INFO lines (joins,
 * rebalances, connections) are routine, so they become debug.
 */
export function kafkaLogCreator(logger: Logger): logCreator {
  return () =>
    ({ namespace, level, log }) => {
      const { message, timestamp: _timestamp, ...details } = log;
      const fields = { kafkajs: namespace, ...details };
      if (level === logLevel.ERROR) logger.error(fields, message);
      else if (level === logLevel.WARN) logger.warn(fields, message);
      else if (level === logLevel.INFO) logger.debug(fields, message);
      else logger.trace(fields, message);
    };
}
