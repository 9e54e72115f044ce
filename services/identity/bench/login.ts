/** Login throughput through the subgraph (in process, embedded adapters) and the argon2id hash time. */
import { hashPassword, verifyPassword } from '../src';
import { LOGIN, PASSWORD, signedUp, startIdentity } from '../test/harness';

// The per-account sign-in limit (10 in 15 minutes) would stop a throughput run at once: widened here.
const identity = await startIdentity({ limits: { loginPerAccount: { limit: 1_000_000, windowMinutes: 15 } } });
try {
  const user = await signedUp(identity);
  const hashes: number[] = [];
  let stored = '';
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    stored = await hashPassword(PASSWORD);
    hashes.push(performance.now() - start);
  }
  const verifyStart = performance.now();
  for (let i = 0; i < 20; i++) await verifyPassword(stored, PASSWORD);
  const verifyMs = (performance.now() - verifyStart) / 20;
  for (const concurrency of [1, 4]) {
    const total = 80;
    let done = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (done < total) {
          done += 1;
          const result = await identity.call(LOGIN, { email: user.email, password: PASSWORD });
          if (result.errors) throw new Error(JSON.stringify(result.errors));
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    console.log(`login, ${concurrency} concurrent: ${(total / seconds).toFixed(1)} logins/s (${((seconds * 1000) / total).toFixed(1)} ms each)`);
  }
  hashes.sort((a, b) => a - b);
  console.log(`argon2id hash (19 MiB, t=2): median ${hashes[10]!.toFixed(1)} ms; verify per login ${verifyMs.toFixed(1)} ms`);
} finally {
  await identity.stop();
}
