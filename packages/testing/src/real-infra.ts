/**
 * Whether real infrastructure can be reached for the production adapters' contract runs:
 * either its URL is set in the environment, or testcontainers finds a container runtime. Its own
 * detection is asked (DOCKER_HOST, TESTCONTAINERS_* and ~/.testcontainers.properties, the Docker
 * context, rootless and Docker Desktop sockets, Docker TLS variables), not only DOCKER_HOST or
 * /var/run/docker.sock; without one it fails fast, with nothing started.
 */
export async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export interface RealTarget {
  /** e.g. 'Kafka' */
  name: string;
  /** environment variable holding its URL, e.g. 'KAFKA_BROKERS' */
  variable: string;
}

/** The URL from the environment, `'docker'` when testcontainers can start it, or null. */
export async function realTargetMode(target: RealTarget): Promise<'url' | 'docker' | null> {
  if (process.env[target.variable]) return 'url';
  if (await dockerAvailable()) return 'docker';
  return null;
}

/** Says plainly, in the test output, which real adapter this run did not exercise and why. */
export function reportNotExercised(target: RealTarget): void {
  console.warn(
    `NOT EXERCISED: the ${target.name} adapter against a real ${target.name} ` + `(set ${target.variable} or run where a container runtime is present)`,
  );
}
