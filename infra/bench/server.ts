// A Ruedas process of its own for a bench, as in production: the bench process only drives the load.
import { spawn } from 'node:child_process';

export interface BenchServer {
  url: string;
  /** The server process's id (for its memory). */
  pid: number;
  stop(): Promise<void>;
  /** An unclean stop: SIGKILL, nothing flushed or recorded. */
  kill(): Promise<void>;
}

/** Starts the launcher with `env` on a free-ish loopback port and waits until it is ready. */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const port = 18000 + Math.floor(Math.random() * 2000);
  const server = spawn(process.execPath, ['--import', 'tsx', new URL('../src/main.ts', import.meta.url).pathname], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', RUEDAS_LOG_LEVEL: 'warn', RUEDAS_WEB_DIST: new URL('../test/fixtures/web', import.meta.url).pathname, ...env },
    stdio: 'inherit',
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200 && server.exitCode === null; i++) {
    if (await fetch(`${url}/ready`).then((r) => r.ok, () => false)) {
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
  throw new Error(`the bench server did not become ready at ${url} within 120 s`);
}
