// A Ruedas process of its own for a bench, as in production: the bench process only drives the load.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface BenchServer {
  url: string;
  /** The server process's id (for its memory). */
  pid: number;
  stop(): Promise<void>;
  /** An unclean stop: SIGKILL, nothing flushed or recorded. */
  kill(): Promise<void>;
}

export interface StartServerOptions {
  /** Called with each JSON log line of the server (then its standard output is read, not shown). */
  onLog?: (line: Record<string, unknown>) => void;
  /** How the launcher runs: its TypeScript source under tsx (the default), or the built bundle. */
  entry?: 'source' | 'built';
  /**
   * When the server counts as started: `/ready` (the default: every consumer caught up), or this
   * check (a bench that needs only part of the process, e.g. search while other consumers still
   * catch up on a large seeded catalogue).
   */
  started?: (url: string) => Promise<boolean>;
  /** Node options before the entry (e.g. `--cpu-prof`, to see where a run spends its time). */
  nodeArgs?: string[];
}

const SOURCE = new URL('../src/main.ts', import.meta.url).pathname;
export const BUILT_ENTRY = new URL('../dist/main.mjs', import.meta.url).pathname;

/** CPU seconds (user + system, every thread) a process has used so far; undefined off Linux. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Starts the launcher with `env` on a free-ish loopback port and waits until it is ready. */
export async function startServer(env: Record<string, string>, options: StartServerOptions = {}): Promise<BenchServer> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const args = [...(options.nodeArgs ?? []), ...(options.entry === 'built' ? [BUILT_ENTRY] : ['--import', 'tsx', SOURCE])];
  const server = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      RUEDAS_LOG_LEVEL: 'warn',
      RUEDAS_WEB_DIST: new URL('../test/fixtures/web', import.meta.url).pathname,
      ...env,
    },
    stdio: ['ignore', options.onLog ? 'pipe' : 'inherit', 'inherit'],
  });
  if (options.onLog && server.stdout) {
    createInterface({ input: server.stdout }).on('line', (line) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        process.stdout.write(`${line}\n`);
        return;
      }
      if (parsed && typeof parsed === 'object') options.onLog!(parsed as Record<string, unknown>);
    });
  }
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 9000 && server.exitCode === null; i++) {
    const started =
      options.started ??
      ((origin: string) =>
        fetch(`${origin}/ready`).then(
          (r) => r.ok,
          () => false,
        ));
    if (await started(url)) {
      return {
        url,
        pid: server.pid as number,
        async stop() {
          server.kill('SIGTERM');
          await exited;
        },
        async kill() {
          server.kill('SIGKILL');
          await exited;
        },
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (server.exitCode !== null) throw new Error(`the bench server exited with code ${server.exitCode} before it was ready`);
  server.kill('SIGKILL');
  throw new Error(`the bench server did not become ready at ${url} within 900 s`);
}
