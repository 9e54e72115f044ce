import { ConfigError } from '@ruedas/platform';

// host:port, the host a name, an IPv4 address or a bracketed IPv6 address.
const BROKER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/;

/** The broker list, checked: at least one `host:port`, with a port from 1 to 65535. */
export function checkBrokers(brokers: unknown): string[] {
  const example = 'a comma-separated list of host:port, e.g. kafka-1:9092,kafka-2:9092';
  if (!Array.isArray(brokers) || brokers.length === 0) {
    throw new ConfigError('KAFKA_BROKERS', `no Kafka broker given: expected ${example}`);
  }
  return brokers.map((broker: unknown) => {
    const text = typeof broker === 'string' ? broker.trim() : '';
    const port = Number(BROKER.exec(text)?.[1]);
    if (!(port >= 1 && port <= 65_535)) {
      throw new ConfigError('KAFKA_BROKERS', `${JSON.stringify(broker)} is not a broker address: expected ${example}`);
    }
    return text;
  });
}
