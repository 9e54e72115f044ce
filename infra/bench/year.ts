// One year of the marketplace on the embedded store (issue 30, "bounded growth"): does every
// collection level off? The all-in-one process runs in this process on a manual business clock; a
// catalogue of BENCH_YEAR_ADS ads (100,000 is the target; 1,000 by default) is seeded as search.ts
// seeds it, then the clock moves a day at a time through 365 days.
// Each day: visitors open ads and count views, search, click to contact; members sign up (confirmed
// from the mailed link), sign in, keep favourites, save searches with alerts; sellers replace the
// ads that leave the public list with new ones an administrator approves; reports come in and are
// resolved each week; a member buys a plan each week and pays it by card (decision 0224).
// Ads expire through listings' own scheduler. The services' periodic jobs (ad life, billing,
// alerts) and the store's TTL sweep run as in production, every BENCH_YEAR_JOB_MS (default 100 ms)
// instead of every minute, against the business clock (the launcher's `simulation`).
// Traffic and the catalogue's renewal scale with BENCH_YEAR_RATE (default 0.1).
//
// Documents per collection are printed at months 1, 3, 6, 9 and 12. THE RULE: between month 9 and
// month 12 a collection may grow by at most 10 %, or by at most the growth of the records the
// marketplace keeps by design (ads and accounts: the catalogue and its members) in that quarter, in
// per cent, whichever is larger. A collection growing faster is named and the run exits 1. The
// records of money (invoices, payments: KEPT_BY_LAW) are kept for years by law and not judged; the
// records kept per account (PER_ACCOUNT: a member's plans) are judged on that bound (decision 0241).
// The catalogue's sellers are accounts, seeded in bulk with it, and members of the bench.
//   node --import tsx infra/bench/year.ts            (BENCH_YEAR_ADS=100000 for the target size)
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, ManualClock } from '@ruedas/platform';
import { carBasics } from '@ruedas/testing/services';
import { readSettings, SEEDED_SELLER_PASSWORD, seedListingsStore, start, type Running, type SeededSeller } from '../src';

const ADS = Number(process.env.BENCH_YEAR_ADS ?? 1_000);
const RATE = Number(process.env.BENCH_YEAR_RATE ?? 0.1);
/**
 * The catalogue's renewal (new ads and the sellers signing up for them), BENCH_YEAR_RATE by default:
 * it follows the catalogue's size (100,000 ads at 0.1: 356 new ads and 89 sellers signing up a
 * day), so a large catalogue on a small machine may renew a smaller share (printed with the table).
 */
const RENEWAL = Number(process.env.BENCH_YEAR_RENEWAL ?? RATE);
const JOB_MS = Number(process.env.BENCH_YEAR_JOB_MS ?? 100);
const DAYS = Number(process.env.BENCH_YEAR_DAYS ?? 365);
/**
 * BENCH_YEAR_SEEDED=<folder>: the seeded store (catalogue and its sellers' accounts) is kept there per
 * number of ads and copied by the next runs, which skip the seeding; the year then starts when the
 * kept catalogue was seeded (its ads' dates are of that moment).
 */
const SEEDED = process.env.BENCH_YEAR_SEEDED;
/** The jobs' period while the process first follows the seeded catalogue (no business time passes then). */
const CATCH_UP_JOB_MS = 60_000;
const DAY = 86_400_000;
const CHECKPOINTS: Record<number, string> = { 30: 'month 1', 91: 'month 3', 182: 'month 6', 273: 'month 9', 365: 'month 12' };
/** The records the marketplace keeps by design: their growth is what the catalogue and its members explain. */
const RECORDS = ['listings_opportunities', 'identity_users'];
/**
 * Records kept per account, a bounded number each (decision 0241): not judged on their growth but on
 * that bound against the accounts at month 12 (`identity_users`); a collection over it is named.
 */
const PER_ACCOUNT: Record<string, { most: number; what: string }> = {
  billing_plans: { most: 3, what: "a member's plan of each level (BRONZE, SILVER, GOLD): its prepaid ads and its grants once" },
};
/**
 * Records of money kept for years whatever the traffic (decision 0224): not judged, and their growth
 * allows nothing to the others. One per purchase or payment, as the law asks of tax records.
 */
const KEPT_BY_LAW: Record<string, string> = {
  billing_invoices: 'invoices (tax records)',
  billing_payments: 'the payments applied to them',
  billing_sandbox_checkouts: "the embedded card provider's own record of each checkout",
  moderation_dashboard_invoices: "the dashboard's fact of each invoice (its all-time figures)",
};
const ADMIN = { email: 'year-admin@ruedas.test', password: 'Year-Admin-2026!' };
const PASSWORD = 'Cielo-Azul-2025';
/** Per simulated day at BENCH_YEAR_RATE=1. */
const PER_DAY = {
  views: 40,
  searches: 20,
  contacts: 8,
  favourites: 6,
  signIns: 6,
  signUps: 1,
  newAds: 4,
  complaints: 1,
  savedSearches: 1,
};
/**
 * Days an ad of the seeded catalogue stays public on average (free ads 14 days, paid ones 30 and one
 * renewal of 30): sellers place about (public ads at the start) / MEAN_LIFE_DAYS new ads a day at
 * BENCH_YEAR_RATE=1, as many as leave the public list. The ads placed are free ones (14 days), so the
 * public catalogue settles at about 70 % of its start at rate 1, 7 % at 0.1.
 */
const MEAN_LIFE_DAYS = 20;
/** New ads per seller signing up: the others are placed by members who sold a car before. */
const SELLER_ADS = 4;
/** New ads placed at once (each is created by its seller, then approved by the administrator). */
const PLACING_AT_ONCE = 8;
let newAdsPerDay = PER_DAY.newAds;
const TEXTS = ['toyota corolla', 'hyundai tucson', 'nissan frontier diesel', 'suzuki vitara', 'kia sportage', 'honda crv', 'pickup 4x4', 'rav4 2015'];
const CARS = [
  ['TOYOTA', 'Corolla', 'SEDAN'],
  ['HYUNDAI', 'Tucson', 'TODO_TERRENO_4X2'],
  ['NISSAN', 'Frontier', 'PICK_UP_4X4'],
  ['SUZUKI', 'Vitara', 'TODO_TERRENO_4X4'],
  ['KIA', 'Sportage', 'TODO_TERRENO_4X2'],
] as const;

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- bench answers
let seed = 2026;
/** A small deterministic generator, so two runs make the same traffic. */
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const times = (perDay: number) => Math.floor(perDay * RATE + random());
const renewals = (perDay: number) => Math.floor(perDay * RENEWAL + random());
/** Runs `work` on every item, `atOnce` at a time (as many people at once as the day's traffic has). */
async function inGroups<T>(items: T[], atOnce: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += atOnce) await Promise.all(items.slice(i, i + atOnce).map(work));
}
const address = () => `10.${Math.floor(random() * 250)}.${Math.floor(random() * 250)}.${1 + Math.floor(random() * 250)}`;

const dataDir = mkdtempSync(join(tmpdir(), 'ruedas-bench-year-'));
// The catalogue is generated as of its seeding (its ads' publication and expiry dates): the year starts then.
let clock: ManualClock;
let running: Running | undefined;
const failures = new Map<string, number>();
const failed = (what: string) => failures.set(what, (failures.get(what) ?? 0) + 1);

/**
 * fetch, tried again once when the connection closed before any answer (a kept-alive socket the
 * server closed meanwhile: nothing was handled); counted with the refusals.
 */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    failed(`connection closed before an answer (tried again): ${(error as Error).message}`);
    return fetch(url, init);
  }
}

async function call(method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: Json }> {
  const res = await send(`${running!.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-forwarded-for': address(),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const parsed = (text ? JSON.parse(text) : {}) as Json;
  if (res.status >= 400) failed(`${method} ${path.replace(/\/[0-9a-f-]{36}/g, '/:id')} ${res.status} ${parsed.code ?? ''}`);
  return { status: res.status, body: parsed };
}
async function graphql(query: string, variables: Record<string, unknown>, token?: string): Promise<Json | undefined> {
  const res = await send(`${running!.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-forwarded-for': address() },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await res.json()) as { data?: Json; errors?: Json[] };
  if (answer.errors) {
    const what = `graphql ${/(mutation|query) (\w+)/.exec(query)?.[2]}: ${answer.errors[0]?.extensions?.code ?? answer.errors[0]?.message}`;
    if (!failures.has(what) && process.env.BENCH_YEAR_DEBUG) console.error(what, JSON.stringify(answer.errors[0]));
    failed(what);
    return undefined;
  }
  return answer.data;
}

/** Waits until every consumer of the process caught up (`/ready`), at most `ms`. */
async function settled(ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await fetch(`${running!.url}/ready`).catch(() => undefined))?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the process did not catch up within ${ms / 1000} s`);
}

const mailedLinks = new Map<string, string>();
/** Mail files written since the last look (the outbox folder watched: listing it again costs its size, tens of thousands of files in a year). */
const newMails = new Set<string>();
let mailWatch: ReturnType<typeof watch> | undefined;
/** The confirmation link mailed to `email` (the mail outbox folder), waited for. */
async function confirmationLink(email: string): Promise<string | undefined> {
  const dir = join(dataDir, 'mail');
  if (!mailWatch) {
    mkdirSync(dir, { recursive: true });
    mailWatch = watch(dir, (_event, file) => void (file && newMails.add(String(file))));
    for (const file of readdirSync(dir).map(String)) newMails.add(file);
  }
  for (let attempt = 0; attempt < 200; attempt++) {
    const files = [...newMails];
    newMails.clear();
    for (const file of files) {
      if (!file.endsWith('.json') || mailedLinks.has(file) || !existsSync(join(dir, file))) continue;
      const text = readFileSync(join(dir, file), 'utf8');
      const match = /accountConfirmed\/([\w-]+)/.exec(text);
      const to = /"to":\s*"([^"]+)"/.exec(text)?.[1];
      // Seen while still being written: looked at again next time.
      if (!to || !text.trimEnd().endsWith('}')) {
        newMails.add(file);
        continue;
      }
      mailedLinks.set(file, to);
      if (match && to) mailedLinks.set(`link:${to}`, match[1]!);
    }
    const link = mailedLinks.get(`link:${email}`);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return undefined;
}

interface Member {
  email: string;
  password: string;
  /** Each member's own mobile number (8 digits, starting with 8 or 6). */
  phone: string;
  token?: string;
  favourites: string[];
  savedSearches: string[];
}
const members: Member[] = [];
let signUps = 0;

async function signUp(): Promise<void> {
  const email = `member-${++signUps}@year.ruedas.test`;
  const phone = `${random() < 0.7 ? 8 : 6}${String(1_000_000 + signUps).slice(-7)}`;
  const user = {
    userType: 'PERSON',
    name: 'Rosa',
    lastName: 'Quesada',
    email,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    phoneList: [{ phone }],
    province: '1',
    canton: '101',
    district: '10101',
    agreement: true,
  };
  if ((await call('POST', '/users/register', { callbacktoken: '', ekey: '', user })).status !== 200) return;
  const link = await confirmationLink(email);
  if (!link) return void failed('no confirmation mail');
  if ((await call('POST', '/users/accountConfirm', link)).status !== 200) return;
  members.push({ email, password: PASSWORD, phone, favourites: [], savedSearches: [] });
}

async function signIn(member: Member): Promise<string | undefined> {
  const login = await call('POST', '/users/login', { email: member.email, password: member.password });
  member.token = login.body.token as string | undefined;
  return member.token;
}

/** Public ad ids (the public list's first pages), refreshed every simulated day: new ads in, expired ads out. */
let publicIds: string[] = [];
/** Public ads, as the public list counts them. */
let publicTotal = 0;
async function refreshPublicIds(): Promise<void> {
  const ids = new Set<string>();
  for (let page = 1; page <= 5; page++) {
    const answer = await call('GET', `/opportunity/available/${page}`);
    if (page === 1) publicTotal = Number(answer.body.totalItems ?? publicTotal);
    for (const item of (answer.body.items ?? []) as Json[]) ids.add(item.id as string);
    if (page >= (answer.body.totalPages ?? 0)) break;
  }
  if (ids.size > 0) publicIds = [...ids];
}

/** A member places an ad that an administrator approves. */
async function placeAd(member: Member): Promise<void> {
  const [brand, model, style] = pick(CARS);
  const input = {
    // The tests' valid car (San José, colones, FREE), made this member's model and year.
    ...carBasics(),
    brand,
    model,
    year: 2008 + Math.floor(random() * 17),
    style,
    transmissionType: random() < 0.5 ? 'AUTOMATIC' : 'MANUAL',
    motorSizeCC: 1800,
    mileage: 20_000 + Math.floor(random() * 150_000),
    mileageUnit: 'KM',
    price: 5_000_000 + Math.floor(random() * 15_000_000),
    payTaxes: true,
    carIdNumber: `YR${String(++adsPlaced).padStart(6, '0')}`,
    knownDamage: '',
    extraList: [],
    attachmentIds: [],
    phoneList: [{ phone: member.phone, phoneType: 'WHATSAPP' }],
  };
  const created = await graphql('mutation CreateOpportunity($input: OpportunityInput!) { createOpportunity(input: $input) { id } }', { input }, member.token);
  const id = created?.createOpportunity.id as string | undefined;
  if (id)
    await graphql(
      'mutation S($id: ID!, $status: OpportunityStatus!) { updateOpportunityStatus(id: $id, status: $status) { id } }',
      { id, status: 'PUBLIC_ONLINE' },
      adminToken,
    );
}

/** Pays a checkout on the sandbox's hosted page with its approved test card (billing learns it by the sandbox's webhook). */
async function payByCard(redirectUrl: string): Promise<void> {
  const { pathname } = new URL(redirectUrl, running!.url);
  const res = await fetch(`${running!.url}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address() },
    body: new URLSearchParams({ action: 'pay', cardNumber: '4242424242424242', expiry: '12/39', cvc: '123', holder: 'Rosa Quesada' }).toString(),
    redirect: 'manual',
  });
  await res.text();
  if (res.status !== 303) failed(`POST /sandbox-pay/:checkout ${res.status}`);
}

let adminToken = '';
let adsPlaced = 0;
const complaintIds: string[] = [];

async function day(n: number): Promise<void> {
  const tStart = performance.now();
  const work: Promise<unknown>[] = [];
  for (let i = 0; i < times(PER_DAY.views); i++) {
    const id = pick(publicIds);
    work.push(call('GET', `/opportunity/${id}`), call('GET', `/tally/${id}/increment`));
  }
  for (let i = 0; i < times(PER_DAY.searches); i++) {
    const filter = random() < 0.7 ? { text: pick(TEXTS) } : { text: `${pick(TEXTS)} ${2005 + Math.floor(random() * 20)}`, priceTo: 20_000_000 };
    work.push(call('POST', '/search/advanceSearch', filter));
  }
  for (let i = 0; i < times(PER_DAY.contacts); i++) work.push(call('POST', '/analytics/contactByWhatsapp', { opportunityId: pick(publicIds) }));
  for (let i = 0; i < times(PER_DAY.complaints); i++) {
    work.push(
      call('POST', '/complaint', { opportunityId: pick(publicIds), category: 'OTHER', details: 'Parece duplicado' }).then((answer) => {
        if (typeof answer.body.id === 'string') complaintIds.push(answer.body.id);
      }),
    );
  }
  await Promise.all(work);

  const tSign = performance.now();
  // Most accounts of a car marketplace are sellers: besides the buyers, about one seller signs up for every SELLER_ADS new ads.
  const signingUp = times(PER_DAY.signUps) + renewals(newAdsPerDay / SELLER_ADS);
  await inGroups(
    Array.from({ length: signingUp }, (_, i) => i),
    PLACING_AT_ONCE,
    () => signUp(),
  );
  if (process.env.BENCH_YEAR_DEBUG) console.error(`  public traffic ${(tSign - tStart).toFixed(0)} ms, sign-up ${(performance.now() - tSign).toFixed(0)} ms`);
  if (members.length === 0) return;
  // Tokens live 100 minutes: today's members are those who signed in today.
  for (const member of members) delete member.token;
  for (let i = 0; i < times(PER_DAY.signIns); i++) await signIn(pick(members));
  const signedIn = members.filter((member) => member.token);
  for (let i = 0; i < (signedIn.length ? times(PER_DAY.favourites) : 0); i++) {
    const member = pick(signedIn);
    if (member.favourites.length >= 20 || (member.favourites.length > 0 && random() < 0.3)) {
      const id = member.favourites.shift()!;
      await call('DELETE', '/users/protected/myWishList', { id }, member.token);
    } else {
      const id = pick(publicIds);
      if ((await call('POST', '/users/protected/myWishList', { id }, member.token)).status === 200) member.favourites.push(id);
    }
  }
  for (let i = 0; i < (signedIn.length ? times(PER_DAY.savedSearches) : 0); i++) {
    const member = pick(signedIn);
    if (member.savedSearches.length >= 3) await call('DELETE', `/alerts/protected/savedSearches/${member.savedSearches.shift()}`, undefined, member.token);
    const saved = await call(
      'POST',
      '/alerts/protected/savedSearches',
      { name: `Búsqueda ${n}`, frequency: random() < 0.5 ? 'INSTANT' : 'DAILY', filter: { text: pick(TEXTS) } },
      member.token,
    );
    if (typeof saved.body.id === 'string') member.savedSearches.push(saved.body.id);
  }
  // Sellers replace the ads that leave the public list (see newAdsPerDay), a few at a time.
  adminToken ||= (await call('POST', '/users/login', ADMIN)).body.token as string;
  // Each seller signs in to place the ad (members who signed up lately more often: they came to sell).
  const sellers = Array.from({ length: renewals(newAdsPerDay) }, () => (random() < 0.5 ? pick(members.slice(-10)) : pick(members)));
  await inGroups(
    [...new Set(sellers)].filter((seller) => !seller.token),
    PLACING_AT_ONCE,
    (seller) => signIn(seller),
  );
  for (let i = 0; i < sellers.length; i += PLACING_AT_ONCE) await Promise.all(sellers.slice(i, i + PLACING_AT_ONCE).map(placeAd));
  if (n % 7 === 0) {
    // A member buys a plan of the fewest ads a plan may hold (MIN_ADS_IN_PLAN) and pays it by card on the sandbox's page.
    const buyer = pick(members);
    if (!buyer.token) await signIn(buyer);
    const bought = await call('POST', '/plan/protected/plan', { plan: { planLevel: 'BRONZE', totalOpportunities: 10 } }, buyer.token);
    if (typeof bought.body.redirectUrl === 'string') await payByCard(bought.body.redirectUrl);
    // The administrator resolves the week's reports.
    adminToken ||= (await call('POST', '/users/login', ADMIN)).body.token as string;
    for (const id of complaintIds.splice(0)) await call('POST', `/complaint/protected/${id}/resolve/`, { outcome: 'NO_ACTION' }, adminToken);
  }
}

interface Seeded {
  publicAds: number;
  sellers: SeededSeller[];
  /** When the catalogue was generated (ms): the year starts then. */
  seededAt: number;
  kept?: boolean;
}
/** The catalogue and its sellers' accounts seeded in bulk into the store at `dir` (or copied from BENCH_YEAR_SEEDED's copy). */
async function seeded(dir: string): Promise<Seeded> {
  const seed = async (): Promise<Seeded> => {
    const seededAt = Date.now();
    const { publicAds, sellers } = await seedListingsStore(dir, { ads: ADS, seed: 2026, logger: createLogger('bench', 'warn'), sellers: 'accounts' });
    return { publicAds, sellers, seededAt };
  };
  if (!SEEDED) return seed();
  const copy = join(SEEDED, `ads-${ADS}`);
  const summary = join(copy, 'seeded.json');
  if (!existsSync(summary)) {
    const result = await seed();
    rmSync(copy, { recursive: true, force: true });
    mkdirSync(copy, { recursive: true });
    cpSync(dir, join(copy, 'store'), { recursive: true, filter: (path) => !path.endsWith('/LOCK') });
    writeFileSync(summary, JSON.stringify(result));
    return result;
  }
  cpSync(join(copy, 'store'), dir, { recursive: true });
  return { ...(JSON.parse(readFileSync(summary, 'utf8')) as Seeded), kept: true };
}

const counts: Record<string, Record<string, number>> = {};
try {
  let t0 = performance.now();
  const { publicAds, sellers, seededAt, kept } = await seeded(join(dataDir, 'store'));
  clock = new ManualClock(new Date(seededAt));
  // The catalogue's sellers are members too (they sold a car here): they sign in, keep favourites, place ads.
  for (const seller of sellers) members.push({ email: seller.email, password: SEEDED_SELLER_PASSWORD, phone: seller.phone, favourites: [], savedSearches: [] });
  console.log(
    `${ADS} ads (${publicAds} public, ${sellers.length} sellers with accounts) ${kept ? 'copied from BENCH_YEAR_SEEDED' : 'seeded'} in ${((performance.now() - t0) / 1000).toFixed(1)} s; Node ${process.version}`,
  );
  newAdsPerDay = Math.max(PER_DAY.newAds, publicAds / MEAN_LIFE_DAYS);
  t0 = performance.now();
  const launch = (jobIntervalMs: number) =>
    start(
      readSettings({
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        RUEDAS_DATA_DIR: dataDir,
        RUEDAS_DEMO_DATA: 'off',
        RUEDAS_LOG_LEVEL: 'error',
        RUEDAS_TRUSTED_PROXY_HOPS: '1',
        RUEDAS_ADMIN_EMAIL: ADMIN.email,
        RUEDAS_ADMIN_PASSWORD: ADMIN.password,
        RUEDAS_WEB_DIST: new URL('../test/fixtures/web', import.meta.url).pathname,
      }),
      { clock, logger: createLogger('ruedas', 'error'), simulation: { jobIntervalMs } },
    );
  // The catalogue's events are followed with the jobs at their pace in production (a minute): no
  // business time passes meanwhile, and jobs every JOB_MS over a large catalogue starve the
  // consumers (10,000 ads: caught up in 309 s with jobs every 100 ms, 71 s every 10 s). Then the
  // process starts again, from its data, with the simulation's jobs.
  running = await launch(CATCH_UP_JOB_MS);
  await settled(3_600_000);
  const tCaughtUp = performance.now();
  await running.stop();
  running = await launch(JOB_MS);
  await settled(1_800_000);
  console.log(
    `started and caught up with the catalogue in ${((tCaughtUp - t0) / 1000).toFixed(1)} s, started again with jobs every ${JOB_MS} ms in ${((performance.now() - tCaughtUp) / 1000).toFixed(1)} s`,
  );
  const store = running.store as { counts?: () => Promise<Record<string, number>> } | undefined;
  if (!store?.counts) throw new Error('the process has no embedded store to count');
  adminToken = (await call('POST', '/users/login', ADMIN)).body.token as string;
  await refreshPublicIds();

  t0 = performance.now();
  for (let n = 1; n <= DAYS; n++) {
    clock.advance(DAY);
    // Tokens live 100 minutes: the administrator signs in again on the days it acts.
    adminToken = '';
    await refreshPublicIds();
    const tDay = performance.now();
    await day(n);
    const tTraffic = performance.now();
    // The jobs run at the day's time: a few of their periods, then everything they caused settles.
    await new Promise((resolve) => setTimeout(resolve, 3 * JOB_MS));
    // A cap, not a wait: a day of a large catalogue (expiries, notices, alerts) can take minutes on a loaded machine.
    await settled(900_000);
    if (process.env.BENCH_YEAR_DEBUG)
      console.error(`day ${n}: traffic ${(tTraffic - tDay).toFixed(0)} ms, settle ${(performance.now() - tTraffic).toFixed(0)} ms`);
    const checkpoint = CHECKPOINTS[n];
    if (checkpoint) {
      await new Promise((resolve) => setTimeout(resolve, 4 * JOB_MS));
      counts[checkpoint] = await store.counts();
      console.log(
        `${checkpoint} (day ${n}) after ${((performance.now() - t0) / 1000).toFixed(0)} s: ${members.length} members, ${publicTotal} public ads, ${adsPlaced} ads placed`,
      );
    }
  }
} finally {
  mailWatch?.close();
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const months = Object.keys(counts);
const names = [...new Set(months.flatMap((month) => Object.keys(counts[month]!)))].sort();
const width = Math.max(...names.map((name) => name.length));
console.log(`\ndocuments per collection (${ADS} ads, traffic x${RATE}, renewal x${RENEWAL}, jobs every ${JOB_MS} ms)`);
console.log(`${'collection'.padEnd(width)}  ${months.map((month) => month.padStart(9)).join('  ')}  last quarter`);
const growth = (name: string) => {
  const before = counts['month 9']?.[name] ?? 0;
  const after = counts['month 12']?.[name] ?? 0;
  return before === 0 ? (after === 0 ? 0 : Infinity) : (after - before) / before;
};
const recordsGrowth = Math.max(0, ...RECORDS.map(growth).filter(Number.isFinite));
const allowed = Math.max(0.1, recordsGrowth);
const unbounded: string[] = [];
for (const name of names) {
  const g = growth(name);
  const kept = RECORDS.includes(name) || name in KEPT_BY_LAW || name in PER_ACCOUNT;
  const last = counts['month 12']?.[name] ?? 0;
  const perAccount = PER_ACCOUNT[name];
  const overBound = perAccount !== undefined && last > perAccount.most * (counts['month 12']?.identity_users ?? 0);
  const tooMuch = (!kept && g > allowed && last >= 20) || overBound;
  if (tooMuch) unbounded.push(name);
  const mark = RECORDS.includes(name)
    ? ' (record)'
    : name in KEPT_BY_LAW
      ? ' (kept by law)'
      : perAccount
        ? ` (per account, at most ${perAccount.most} each${overBound ? ': OVER' : ''})`
        : tooMuch
          ? '  GROWS'
          : '';
  console.log(
    `${name.padEnd(width)}  ${months.map((month) => String(counts[month]![name] ?? '-').padStart(9)).join('  ')}  ${Number.isFinite(g) ? `${(g * 100).toFixed(1)} %` : 'new'}${mark}`,
  );
}
console.log(`\nthe rule: month 9 to 12 growth at most ${(allowed * 100).toFixed(1)} % (10 %, or the growth of ${RECORDS.join(' and ')}, the larger)`);
console.log(
  `judged against the accounts at month 12 (${counts['month 12']?.identity_users ?? 0}): ${Object.entries(PER_ACCOUNT)
    .map(([name, { most, what }]) => `${name} at most ${most} per account (${what})`)
    .join('; ')}`,
);
console.log(
  `not judged, kept by law: ${Object.entries(KEPT_BY_LAW)
    .map(([name, what]) => `${name} (${what})`)
    .join('; ')}`,
);
if (failures.size > 0) {
  console.log('requests refused (counted, not fatal):');
  for (const [what, count] of [...failures].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${count} × ${what}`);
}
if (unbounded.length > 0) {
  console.log(`NOT BOUNDED: ${unbounded.join(', ')}`);
  process.exit(1);
}
console.log('every collection levels off');
