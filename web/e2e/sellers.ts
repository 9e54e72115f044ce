import { randomUUID } from 'node:crypto';
import type { Account, RunningServer } from './harness';
import { mailedLink } from './mail';

/** A seller made for one test: registered through identity, confirmed from the mailed link, signed in. */
export interface NewSeller extends Account {
  id: string;
  token: string;
}

const PASSWORD = 'Carro-Rojo-2026!';

/**
 * Registers a new person seller (`language` es unless told; a dealer, CARS_SELLER_MERCHANT, when
 * given a `merchantName`), confirms the account from its mail and logs it in.
 */
export async function newSeller(server: RunningServer, options: { language?: 'es' | 'en'; name?: string; merchantName?: string } = {}): Promise<NewSeller> {
  const email = `seller-${randomUUID().slice(0, 8)}@example.com`;
  await server.graphql('mutation R($input: RegistrationInput!) { register(input: $input) }', {
    input: {
      userType: options.merchantName ? 'CARS_SELLER_MERCHANT' : 'PERSON',
      ...(options.merchantName ? { merchantName: options.merchantName } : {}),
      name: options.name ?? 'Laura',
      lastName: 'Quesada',
      lastName2: 'Vargas',
      email,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      phoneList: [{ phone: '8765-4321', phoneType: 'WHATSAPP' }],
      language: options.language ?? 'es',
      province: '1',
      canton: '101',
      district: '10101',
      agreement: true,
    },
  });
  const link = await mailedLink(server.dataDir, email, 'accountConfirmed');
  await server.graphql('mutation C($link: String!) { confirmAccount(link: $link) }', { link: link.split('/').at(-1) });
  const token = await server.login({ email, password: PASSWORD });
  const { me } = await server.graphql<{ me: { id: string } }>('{ me { id } }', {}, token);
  return { email, password: PASSWORD, id: me.id, token };
}

/** A valid ad input of the API (San José, a WhatsApp phone), `overrides` on top. */
export function adInput(overrides: Record<string, unknown> = {}) {
  return {
    brand: 'TOYOTA',
    model: 'Yaris',
    year: 2018,
    style: 'HATCHBACK',
    fuelType: 'GASOLINE',
    transmissionType: 'AUTOMATIC',
    price: 7_500_000,
    currency: 'CRC',
    exteriorColor: 'Rojo',
    interiorColor: 'Negro',
    province: '1',
    canton: '101',
    district: '10101',
    phoneList: [{ phone: '87654321', phoneType: 'WHATSAPP' }],
    level: 'FREE',
    autoApproval: false,
    ...overrides,
  };
}

/** Creates an ad of `seller` through the API; its id. */
export async function createAd(server: RunningServer, seller: { token: string }, overrides: Record<string, unknown> = {}): Promise<string> {
  const { createOpportunity } = await server.graphql<{ createOpportunity: { id: string } }>(
    'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
    { input: adInput(overrides) },
    seller.token,
  );
  return createOpportunity.id;
}

/** Polls `read` until `accept` takes its answer (read models follow events a moment later); throws after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read().catch((error: unknown) => error as T);
    if (!(value instanceof Error) && accept(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`Still not as expected after ${timeoutMs} ms: ${value instanceof Error ? value.message : JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** The mails sent to `to` so far (the all-in-one outbox, <dataDir>/mail/*.json), newest first. */
export async function mailsTo(dataDir: string, to: string): Promise<Array<{ to: string; subject: string; text: string; sentAt: string }>> {
  const { readdir, readFile } = await import('node:fs/promises');
  const { join } = await import('node:path');
  const dir = join(dataDir, 'mail');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json'));
  const mails = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as { to: string; subject: string; text: string; sentAt: string }),
  );
  return mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase()).sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}
