import { existsSync } from 'node:fs';

/**
 * Whether real infrastructure can be reached for the production adapters' contract runs:
 * either its URL is set in the environment, or a Docker engine is present (testcontainers).
 */
export function dockerAvailable(): boolean {
  if (process.env.DOCKER_HOST) return true;
  return existsSync('/var/run/docker.sock');
}

export interface RealTarget {
  /** e.g. 'Kafka' */
  name: string;
  /** environment variable holding its URL, e.g. 'KAFKA_BROKERS' */
  variable: string;
}

/** The URL from the environment, `'docker'` when testcontainers can start it, or null. */
export function realTargetMode(target: RealTarget): 'url' | 'docker' | null {
  if (process.env[target.variable]) return 'url';
  if (dockerAvailable()) return 'docker';
  return null;
}

/** Says plainly, in the test output, which real adapter this run did not exercise and why. */
export function reportNotExercised(target: RealTarget): void {
  console.warn(
    `NOT EXERCISED: the ${target.name} adapter against a real ${target.name} ` +
      `(set ${target.variable} or run where a Docker engine is present)`,
  );
}
