import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  buildSchema,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  NoDeprecatedCustomRule,
  parse,
  typeFromAST,
  validate,
  type GraphQLInputType,
  type OperationDefinitionNode,
} from 'graphql';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, openPage, signIn, startServer, type Account, type RunningServer, type Started } from './harness';

/**
 * What the web app really sends to /graphql uses nothing deprecated (issue 18, decision 0095): the
 * operations' fields and arguments (also checked on the codegen's documents by
 * test/operations-deprecation.test.ts), and, what only a running app shows, the enum values and input
 * fields of the variables (Language ES/EN, UserSortField EMAIL, StaffActionFilter firstDay/lastDay).
 * An administrator, with the mouse at 1280 × 800, sorts the users, filters the audit trail by days,
 * opens the purchases report and the dashboard, and switches the language; every request is checked.
 */
const schema = buildSchema(readFileSync(fileURLToPath(new URL('../../gateway/generated/schema.graphql', import.meta.url)), 'utf8'));

interface Sent {
  operationName?: string;
  query: string;
  variables?: Record<string, unknown>;
}

/** The deprecated enum values and input fields a variable's value uses, as `Type.value` paths. */
function deprecatedIn(value: unknown, type: GraphQLInputType, found: string[]): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return deprecatedIn(value, type.ofType, found);
  if (isListType(type)) {
    for (const item of Array.isArray(value) ? value : [value]) deprecatedIn(item, type.ofType, found);
    return;
  }
  if (isEnumType(type)) {
    const entry = type.getValues().find((candidate) => candidate.name === value);
    if (entry?.deprecationReason) found.push(`${type.name}.${entry.name}`);
    return;
  }
  if (isInputObjectType(type) && typeof value === 'object') {
    for (const [name, field] of Object.entries(type.getFields())) {
      const given = (value as Record<string, unknown>)[name];
      if (given !== undefined && field.deprecationReason) found.push(`${type.name}.${name}`);
      deprecatedIn(given, field.type, found);
    }
  }
}

/** Every deprecated use of one request: in its document, then in its variables. */
function deprecatedUses(sent: Sent): string[] {
  const document = parse(sent.query);
  const found = validate(schema, document, [NoDeprecatedCustomRule]).map((error) => error.message);
  for (const operation of document.definitions.filter((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')) {
    for (const definition of operation.variableDefinitions ?? []) {
      const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
      if (type) deprecatedIn(sent.variables?.[definition.variable.name.value], type, found);
    }
  }
  return found;
}

/** Keeps every GraphQL request the page sends. */
function recordRequests(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request) => {
    if (!request.url().endsWith('/graphql') || request.method() !== 'POST') return;
    const body = request.postDataJSON() as Sent | Sent[];
    sent.push(...(Array.isArray(body) ? body : [body]));
  });
  return sent;
}

/** Waits for the answer to the operation `name` (sent after this is called). */
const answered = (page: Page, name: string) =>
  page.waitForResponse((response) => response.request().postData()?.includes(`"operationName":"${name}"`) ?? false);

const today = () => new Date(Date.now() - 6 * 3_600_000).toISOString().slice(0, 10);

let server: RunningServer | undefined;
let started: Started | undefined;
let admin: Account | undefined;

beforeAll(async () => {
  server = await startServer({ RUEDAS_DEMO_DATA: 'on', RUEDAS_DEMO_ADS: '4' });
  started = { server, browser: await launchChromium() };
  admin = (await server.demo()).credentials.admin;
}, 240_000);

afterAll(async () => {
  await started?.browser.close();
  await server?.stop();
});

describe('the requests the web app sends', () => {
  it('use no deprecated field, argument, enum value or input field, variables included', async () => {
    if (!started || !admin) throw new Error('The server or the browser did not start');
    const page = await openPage(started, '/signin', { width: 1280, height: 800 });
    const sent = recordRequests(page);
    await signIn(page, admin);
    const url = (path: string) => `${started!.server.baseUrl}${path}`;

    await page.goto(url('/usersMaintenance'));
    const sorted = page.waitForResponse((response) => {
      const body = response.request().postData() ?? '';
      return body.includes('"operationName":"AdminUsers"') && body.includes('"EMAIL"');
    });
    await page.getByRole('button', { name: 'Ordenar por Correo' }).click();
    await page.waitForURL(/sort=email&dir=ASC/);
    // The sorted list's request goes out after the address changes: wait for it before leaving the page.
    expect((await sorted).status()).toBe(200);

    for (const [path, operation] of [
      [`/auditTrail?from=2026-01-01&to=${today()}`, 'StaffActions'],
      [`/userPurchases/2026-01-01/${today()}`, 'UserPurchases'],
      [`/dashboard?from=2026-01-01&to=${today()}`, 'Dashboard'],
    ] as const) {
      const answer = answered(page, operation);
      await page.goto(url(path));
      expect((await answer).status()).toBe(200);
    }

    const languageSaved = page.waitForResponse((response) => response.request().postData()?.includes('ChangeLanguage') ?? false);
    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    expect((await languageSaved).ok()).toBe(true);

    const byName = (name: string) => sent.filter((request) => request.operationName === name);
    expect(byName('AdminUsers').map((request) => (request.variables?.sort as { field?: string } | undefined)?.field)).toContain('EMAIL');
    expect(byName('StaffActions')[0]?.variables?.filter).toMatchObject({ firstDay: '2026-01-01', lastDay: today() });
    expect(byName('UserPurchases')[0]?.variables).toEqual({ firstDay: '2026-01-01', lastDay: today() });
    expect(byName('Dashboard')[0]?.variables).toEqual({ from: '2026-01-01', to: today() });
    expect(byName('ChangeLanguage')[0]?.variables).toEqual({ language: 'EN' });
    expect(sent.length).toBeGreaterThan(8);
    expect(sent.flatMap((request) => deprecatedUses(request).map((use) => `${request.operationName ?? '?'}: ${use}`))).toEqual([]);

    // The checker itself: the lower-case language and the old filter fields are what it reports.
    expect(deprecatedUses({ query: 'mutation($l: Language!) { changeLanguage(language: $l) }', variables: { l: 'en' } })).toEqual(['Language.en']);
    expect(
      deprecatedUses({ query: 'query($f: StaffActionFilter) { staffActions(filter: $f) { totalItems } }', variables: { f: { from: '2026-01-01' } } }),
    ).toEqual(['StaffActionFilter.from']);
  });
});
