import { join } from 'node:path';
import { createSubgraphServer, ManualClock, OutboxRelay } from '@ruedas/platform';
import { createEmbeddedStore } from '@ruedas/store-embedded';
import { createEmbeddedBus } from '@ruedas/bus-embedded';
import { createOutboxMailer } from '@ruedas/mail-outbox';
import { createIdentity, noCaptcha, type Captcha, type IdentityOptions } from '../src';
import { openCollections } from '../src/store';
import { execute, sessionKeys, START, temporaryFolder, testContext, testLogger as logger, type Json } from '@ruedas/testing/services';
import { shutDown } from '@ruedas/testing/helpers';
export { code, type Json } from '@ruedas/testing/services';

/** The identity service over embedded adapters in a temporary folder, executed in process as the gateway does. */
export async function startIdentity(options: { captcha?: Captcha; limits?: IdentityOptions['limits']; dir?: string; keep?: boolean } = {}) {
  const dir = options.dir ?? temporaryFolder('identity');
  const clock = new ManualClock(START);
  const store = await createEmbeddedStore({ dir: join(dir, 'store'), logger });
  const bus = await createEmbeddedBus({ dir: join(dir, 'bus'), logger });
  const mailer = await createOutboxMailer({ dir: join(dir, 'mail'), from: 'no-reply@ruedas.test', logger });
  const relay = new OutboxRelay({ bus, logger });
  const { keys, guard, signer } = await sessionKeys(clock);
  const identity = createIdentity({ signer, guard, captcha: options.captcha ?? noCaptcha, ...(options.limits ? { limits: options.limits } : {}) });
  const instance = await identity.init(testContext({ store, bus, mailer, clock, outbox: relay }));
  const jobsDone = async () => (instance as unknown as { jobsDone?(): Promise<void> }).jobsDone?.();
  const server = await createSubgraphServer({ definition: identity.subgraph, resolvers: instance.resolvers, logger, translate: (key) => key });

  async function call(query: string, variables: Record<string, unknown> = {}, token?: string, headers: Record<string, string> = {}) {
    return execute(server, query, variables, { ...(token ? { token } : {}), headers });
  }

  /** The last mail to `to`, and the secret of its link (once the accepted requests are done). */
  async function lastMail(to: string) {
    await jobsDone();
    const mail = (await mailer.list()).find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    const link = /https:\/\/ruedas\.test\/(\w+)(?:\/(\S+))?/.exec(mail.text);
    return { mail, path: link?.[1], secret: link?.[2] ?? '' };
  }

  return {
    dir,
    clock,
    store,
    bus,
    mailer,
    relay,
    keys,
    guard,
    call,
    lastMail,
    jobsDone,
    /** Every mail sent so far, once the accepted requests are done. */
    async mails() {
      await jobsDone();
      return mailer.list();
    },
    stop: () => shutDown([instance, server, relay, bus, mailer, store], dir, options.keep),
  };
}

export type Identity = Awaited<ReturnType<typeof startIdentity>>;

export const PASSWORD = 'Cielo-Azul-2025';

let counter = 0;
export function registration(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    userType: 'PERSON',
    name: 'Ana',
    lastName: 'Mora',
    lastName2: 'Solís',
    email: `ana${counter}@example.com`,
    password: PASSWORD,
    passwordConfirm: PASSWORD,
    phoneList: [{ phone: '8888-1234' }],
    language: 'es',
    province: '1',
    canton: '101',
    district: '10101',
    agreement: true,
    ...overrides,
  };
}

export const REGISTER = 'mutation R($input: RegistrationInput!, $captcha: String) { register(input: $input, captchaToken: $captcha) }';
export const LOGIN =
  'mutation L($email: String!, $password: String!) { login(email: $email, password: $password) { token expiresAt user { id name lastName lastName2 ' +
  'role isAdmin isImpersonalizator language isLogged } } }';
export const CONFIRM = 'mutation C($link: String!) { confirmAccount(link: $link) }';

/** Registers, confirms and signs in a user; optionally gives it a role directly in the store. */
export async function signedUp(identity: Identity, role?: string, overrides: Record<string, unknown> = {}) {
  const input = registration(overrides);
  const registered = await identity.call(REGISTER, { input });
  if (registered.errors) throw new Error(JSON.stringify(registered.errors));
  const { secret } = await identity.lastMail(input.email);
  await identity.call(CONFIRM, { link: secret });
  if (role) {
    const { users } = await openCollections(identity.store);
    await users.updateOne({ email: input.email }, { $set: { role } });
  }
  const login = await identity.call(LOGIN, { email: input.email, password: PASSWORD });
  if (login.errors) throw new Error(JSON.stringify(login.errors));
  return { email: input.email, id: login.data!.login.user.id as string, token: login.data!.login.token as string };
}

export const fields = (result: { errors?: Json[] }) => result.errors?.[0]?.extensions?.fields as Record<string, unknown> | undefined;
