import { createServer } from 'node:net';

/**
 * The port and public address a process will listen on. With PORT=0 (any free port, as tests start
 * the launcher) and no RUEDAS_PUBLIC_URL, the address handed to the services (absolute photo URLs,
 * mail links, the payment return) must be the one the process really listens on, not
 * `http://localhost:0`: the port is asked of the system first, and the process listens on it.
 */
export async function listenAddress(settings: {
  PORT: number;
  HOST: string;
  RUEDAS_PUBLIC_URL?: string | undefined;
}): Promise<{ port: number; publicUrl: string }> {
  const port = settings.PORT === 0 && !settings.RUEDAS_PUBLIC_URL ? await freePort(settings.HOST) : settings.PORT;
  return { port, publicUrl: settings.RUEDAS_PUBLIC_URL ?? `http://${hostOf(settings.HOST)}:${port}` };
}

/** The host of a local address: `localhost` for a wildcard, the address itself otherwise (IPv6 in brackets). */
function hostOf(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** A port the system gives as free on `host` (bound, read and released at once). */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
