import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The web build the launcher tests serve (a shell page, no client). */
export const WEB_DIST = fileURLToPath(new URL('./fixtures/web', import.meta.url));
/** `npm start`'s entry point, run from source with tsx. */
export const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface Spawned {
  url: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** Everything it wrote so far (stdout and stderr). */
  output: () => string;
  /** Its JSON log lines so far. */
  logs: () => Array<Record<string, unknown>>;
  /** SIGTERM (or `signal`) unless it has exited, then waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface SpawnOptions {
  /** Node's arguments: the launcher to run. */
  args: string[];
  /** Added to the environment (development, info logs, a free port on 127.0.0.1, the fixture web build). */
  env: Record<string, string>;
  /** How the errors name it ("the server"). */
  name?: string;
  /** How often /ready is polled. */
  pollMs: number;
  /** What stops it when it is not ready in time. */
  timeoutSignal?: NodeJS.Signals;
  /** Where to note the child, for an afterAll to kill what is left. */
  children?: ChildProcess[];
}

/** A launcher in a child process on a free port; resolves at the first /ready 200. */
export async function spawnServer(options: SpawnOptions): Promise<Spawned> {
  const name = options.name ?? 'the server';
  const child = spawn(process.execPath, options.args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      RUEDAS_LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      RUEDAS_WEB_DIST: WEB_DIST,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  options.children?.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null) child.kill(signal);
    await exited;
  };
  const logs = () =>
    output.split('\n').flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  const deadline = Date.now() + 180_000; // about 15 s alone; far more while every package's tests run on 2 cores
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output}`);
    // The port is known once Fastify logs it; /ready answers 503 until start-up is done.
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (
      url &&
      (await fetch(`${url}/ready`).then(
        (res) => res.status === 200,
        () => false,
      ))
    )
      return { url, child, exited, output: () => output, logs, stop };
    await new Promise((resolve) => setTimeout(resolve, options.pollMs));
  }
  await stop(options.timeoutSignal ?? 'SIGKILL');
  throw new Error(`${name} was not ready in time:\n${output}`);
}

/** How many ads a search without a filter finds, through the process's gateway. */
export async function searchTotal(url: string): Promise<number> {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'query S($filter: SearchFilterInput!) { searchOpportunities(filter: $filter) { totalItems } }', variables: { filter: {} } }),
  });
  return ((await res.json()) as { data: { searchOpportunities: { totalItems: number } } }).data.searchOpportunities.totalItems;
}
