// Full services, not light subgraph fixtures: who may call each admin operation is each service's own check of the session's
// role and the record's owner; the gateway only forwards, so fixtures would test themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchema, isObjectType, Kind, parse, type FieldNode, type OperationDefinitionNode } from 'graphql';
import { composeSupergraph, restRoutes, subgraphs } from '../src';
import { GRAPH_CASES } from './admin-permissions.graphql-cases';
import {
  ad,
  ADMIN_UPDATE,
  advertiser,
  complaint,
  ids,
  nextAddress,
  openInvoice,
  pending,
  person,
  photo,
  pub,
  rest,
  row,
  stack,
  startAdminStack,
  stopAdminStack,
  today,
  tokens,
  userEdit,
  WHO,
  type Expected,
  type Who,
} from './admin-permissions.stack';
import { eventually, PASSWORD, type Json } from './stack';

/**
 * Every admin operation of the composed supergraph and every admin path of the REST facade (02 §7),
 * called by each kind of caller through the gateway, with every real subgraph in process.
 *
 * Spec 02 §6 and DECISIONS.md (Roles): ADMINISTRATOR is the only role with isAdmin; the
 * IMPERSONALIZATOR registers accounts for others (with promotional ads or a plan) and sees users
 * maintenance, so it passes `users`, `user`, `impersonalRegister` and `adminUpdateUser` of an
 * advertiser's data (never a role, never a staff account) and nothing else; TESTUSER has the
 * rights of an ADVERTISER. "owner" is the advertiser whose ad, invoice, photo or account is acted
 * on; "other" is another advertiser.
 *
 * Complete by construction: every Query or Mutation field and every object field whose description
 * names administrators, impersonators, *Private.* or *Owner.* must have a case here, and so must
 * every REST path that runs one of those operations; a new admin operation fails this file until
 * its row is added.
 */

beforeAll(startAdminStack, 120_000);
afterAll(stopAdminStack);

// ---------------------------------------------------------------------------------------------
// GraphQL: the composed schema

/** Names of the statements of who may do something in a description. */
const PERMISSION_WORDS = /admin|impersonat|\*private\.\*|\*owner\.\*/i;
/** Fields whose description names admins without saying who may read them. */
const NOT_PERMISSION_STATEMENTS = new Set([
  'DashboardImpersonalSummary.totalRegistered',
  'DashboardUsersSummary.organic',
  'SessionUser.isAdmin',
  'ReviewSeller.rejectedAdCount',
  'Complaint.outcome',
]);

/** The composed API schema, as the build writes it to generated/schema.graphql. */
const apiSchema = buildSchema(composeSupergraph(subgraphs).apiSchemaSdl);

function documentedPermissions(): string[] {
  const schema = apiSchema;
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const coordinate = `${type.name}.${field.name}`;
      if (PERMISSION_WORDS.test(field.description ?? '') && !NOT_PERMISSION_STATEMENTS.has(coordinate)) found.push(coordinate);
    }
  }
  return found;
}

function outcomeOf(answer: { data?: Json | null; errors?: Json[] }, read?: (data: Json) => string): string {
  if (answer.errors?.length) return (answer.errors[0]!.extensions?.code as string | undefined) ?? `error: ${answer.errors[0]!.message}`;
  return read ? read(answer.data!) : 'ok';
}

describe('GraphQL: every admin operation of the composed schema, by role', () => {
  it('has a case for every operation and field the schema documents as admin, impersonator, private or owner only', () => {
    const covered = new Set(GRAPH_CASES.flatMap((c) => c.covers));
    const documented = documentedPermissions();
    expect(documented.length).toBeGreaterThan(40);
    expect(documented.filter((coordinate) => !covered.has(coordinate))).toEqual([]);
  });

  it('covers only coordinates that exist', () => {
    const schema = apiSchema;
    const missing = GRAPH_CASES.flatMap((c) => c.covers).filter((coordinate) => {
      const [type, field] = coordinate.split('.');
      const found = schema.getType(type!);
      return !isObjectType(found) || !found.getFields()[field!];
    });
    expect(missing).toEqual([]);
  });

  for (const graphCase of GRAPH_CASES) {
    it(`${graphCase.name}: ${WHO.map((who) => `${who} ${graphCase.expected[who]}`).join(', ')}`, async () => {
      const outcomes = {} as Expected;
      for (const who of WHO) {
        const [query, variables] = await graphCase.request(who);
        const answer = await stack.graphql(query, variables, { ...(tokens[who] ? { token: tokens[who] } : {}), remoteAddress: nextAddress() });
        outcomes[who] = outcomeOf(answer, graphCase.outcome);
      }
      expect(outcomes).toEqual(graphCase.expected);
    }, 60_000);
  }
});

// ---------------------------------------------------------------------------------------------
// REST: the admin paths of 02 §7 (and every facade path that runs an admin operation)

interface RestCase {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path as the facade declares it (`/users/protected/:userId`). */
  route: string;
  note?: string;
  /** The concrete path and body for one caller. */
  request: (who: Who) => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
  expected: Expected;
}

const legacyEdit = (user: Json, changes: Json = {}) => ({ ...userEdit(user), ...changes });

const REST_CASES: RestCase[] = [
  // identity
  { method: 'GET', route: '/users/protected/all', request: () => ({ path: '/users/protected/all' }), expected: rest.staff },
  {
    method: 'GET',
    route: '/users/protected/:userId',
    note: "the owner's account",
    request: () => ({ path: `/users/protected/${ids.owner}` }),
    expected: rest.ownerOrStaff,
  },
  {
    method: 'PUT',
    route: '/users/protected/adminUpdate',
    note: "an advertiser's data",
    request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser()) }),
    expected: rest.staff,
  },
  {
    method: 'PUT',
    route: '/users/protected/adminUpdate',
    note: "an advertiser's role",
    request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser(), { role: 'TESTUSER' }) }),
    expected: rest.adminOnly,
  },
  {
    method: 'PUT',
    route: '/users/protected/adminUpdate',
    note: "an advertiser's e-mail",
    request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser(), { email: person().email }) }),
    expected: rest.adminOnly,
  },
  {
    method: 'PUT',
    route: '/users/protected/adminUpdate',
    note: 'an administrator account',
    request: () => ({ path: '/users/protected/adminUpdate', body: legacyEdit({ id: ids.staff, email: 'staff@example.com' }, { role: 'ADMINISTRATOR' }) }),
    expected: rest.adminOnly,
  },
  {
    method: 'PUT',
    route: '/users/protected/adminUpdate',
    note: 'oneself to ADMINISTRATOR',
    request: (who) => {
      const self = who === 'visitor' ? 'owner' : who;
      return {
        path: '/users/protected/adminUpdate',
        body: legacyEdit({ id: ids[self], email: `${self.toLowerCase()}@example.com` }, { name: 'Persona', lastName: 'Mora', role: 'ADMINISTRATOR' }),
      };
    },
    expected: rest.adminOnly,
  },
  {
    method: 'PUT',
    route: '/users/protected/adminUpdate',
    note: 'a one-letter name',
    request: async () => ({ path: '/users/protected/adminUpdate', body: legacyEdit(await advertiser(), { name: 'X' }) }),
    expected: rest.staffValidates,
  },
  {
    method: 'POST',
    route: '/users/impersonalRegister',
    request: () => ({ path: '/users/impersonalRegister', body: { user: person(), plan: { planLevel: 'GOLD', totalOpportunities: 2 } } }),
    expected: rest.staff,
  },
  {
    method: 'POST',
    route: '/users/impersonalRegister',
    note: 'a bad e-mail',
    request: () => ({
      path: '/users/impersonalRegister',
      body: { user: person({ email: 'no-es-un-correo' }), plan: { planLevel: 'GOLD', totalOpportunities: 2 } },
    }),
    expected: rest.staffValidates,
  },
  // listings
  {
    method: 'GET',
    route: '/opportunity/:id',
    note: 'an ad waiting for approval',
    request: () => ({ path: `/opportunity/${pending}` }),
    expected: row('404 NOT_FOUND', '200', '404 NOT_FOUND', '404 NOT_FOUND', '404 NOT_FOUND', '200'),
  },
  {
    method: 'GET',
    route: '/opportunity/protected/userActiveOpportunities/:page/:userId',
    request: () => ({ path: `/opportunity/protected/userActiveOpportunities/1/${ids.owner}` }),
    expected: rest.ownerOrAdmin,
  },
  {
    method: 'GET',
    route: '/opportunity/protected/userOpportunities/:userId/:page',
    request: () => ({ path: `/opportunity/protected/userOpportunities/${ids.owner}/1` }),
    expected: rest.adminOnly,
  },
  {
    method: 'GET',
    route: '/opportunity/protected/statusHistory/:opportunityId',
    request: () => ({ path: `/opportunity/protected/statusHistory/${pub}` }),
    expected: rest.ownerOrAdmin,
  },
  {
    method: 'GET',
    route: '/opportunity/protected/:status/:page',
    request: () => ({ path: '/opportunity/protected/PENDING_APPROVAL/1' }),
    // An administrator reads every ad of the status, an advertiser their own (decision 0160); an impersonator has no ads.
    expected: row('401 0003', '200', '200', '200', '403 FORBIDDEN', '200'),
  },
  {
    method: 'PUT',
    route: '/opportunity/protected/updateStatus',
    request: async () => ({ path: '/opportunity/protected/updateStatus', body: { id: await ad(), newStatus: 'PUBLIC_ONLINE' } }),
    expected: rest.adminOnly,
  },
  {
    method: 'PUT',
    route: '/opportunity/protected/updateMyOpportunity',
    note: 'a public free ad',
    request: async () => ({
      path: '/opportunity/protected/updateMyOpportunity',
      body: { opportunity: { id: await ad({ public: true }), model: 'Yaris' }, invoice: null },
    }),
    expected: rest.ownerOrAdmin,
  },
  // billing
  {
    method: 'GET',
    route: '/opportunity/protected/invoice/:id',
    request: async () => ({ path: `/opportunity/protected/invoice/${(await openInvoice()).adId}` }),
    expected: row('401 0003', '200', '404 NOT_FOUND', '404 NOT_FOUND', '403 FORBIDDEN', '200'),
  },
  {
    method: 'GET',
    route: '/opportunity/protected/userPurchases/:startDate/:endDate',
    request: () => ({ path: `/opportunity/protected/userPurchases/${today}/${today}` }),
    expected: rest.adminOnly,
  },
  {
    method: 'GET',
    route: '/opportunity/protected/invoices/:userId',
    request: () => ({ path: `/opportunity/protected/invoices/${ids.owner}` }),
    expected: rest.adminOnly,
  },
  // moderation
  { method: 'GET', route: '/globalParameter/protected', request: () => ({ path: '/globalParameter/protected' }), expected: rest.adminOnly },
  {
    method: 'PUT',
    route: '/globalParameter/protected',
    request: () => ({ path: '/globalParameter/protected', body: [{ id: 'GOLD_CAROUSEL_COUNT', quantity: 12 }] }),
    expected: rest.adminOnly,
  },
  {
    method: 'PUT',
    route: '/globalParameter/protected',
    note: 'a value above 100',
    request: () => ({ path: '/globalParameter/protected', body: [{ id: 'GOLD_CAROUSEL_COUNT', quantity: 101 }] }),
    expected: rest.adminValidates,
  },
  { method: 'GET', route: '/complaint/protected/unresolved/:page', request: () => ({ path: '/complaint/protected/unresolved/1' }), expected: rest.adminOnly },
  {
    method: 'POST',
    route: '/complaint/protected/:id/resolve/',
    request: async () => ({ path: `/complaint/protected/${await complaint()}/resolve/` }),
    expected: rest.adminOnly,
  },
  { method: 'GET', route: '/dashboard/protected', request: () => ({ path: '/dashboard/protected' }), expected: rest.adminOnly },
  {
    method: 'GET',
    route: '/dashboard/protected/:startDate/:endDate',
    request: () => ({ path: `/dashboard/protected/${today}/${today}` }),
    expected: rest.adminOnly,
  },
  {
    method: 'GET',
    route: '/dashboard/protected/:startDate/:endDate',
    note: 'a date not yyyy-MM-dd',
    request: () => ({ path: `/dashboard/protected/${today}/tomorrow` }),
    expected: rest.malformedPath,
  },
  {
    method: 'GET',
    route: '/dashboard/protected/:startDate/:endDate',
    note: 'the end before the start',
    request: () => ({ path: '/dashboard/protected/2025-03-04/2025-03-03' }),
    expected: rest.adminValidates,
  },
  // media (a path the service answers itself)
  {
    method: 'DELETE',
    route: '/attachment/protected/:id',
    note: "the owner's photo",
    request: async () => ({ path: `/attachment/protected/${await photo()}` }),
    expected: row('401 0003', '204', '403 FORBIDDEN', '403 FORBIDDEN', '403 FORBIDDEN', '204'),
  },
];

/** Paths a service answers itself, outside the facade's table, that act on someone else's data. */
const SERVICE_ADMIN_PATHS = ['DELETE /attachment/protected/:id'];

/** Root fields of the GraphQL operations a REST route runs. */
const rootFields = (operation: string) =>
  parse(operation).definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION ? (d as OperationDefinitionNode).selectionSet.selections.map((s) => (s as FieldNode).name.value) : [],
  );

describe('REST: every admin path of the facade, by role', () => {
  it('has a case for every path that runs an admin operation or says it is for administrators, and for the service paths', () => {
    const documented = new Set(
      documentedPermissions()
        .filter((c) => c.startsWith('Query.') || c.startsWith('Mutation.'))
        .map((c) => c.split('.')[1]),
    );
    const adminPaths = restRoutes
      .filter((route) => rootFields(route.operation).some((field) => documented.has(field)) || /administrator|admin\b|impersonat/i.test(route.summary))
      .map((route) => `${route.method} ${route.path}`);
    expect(adminPaths.length).toBeGreaterThan(15);
    const covered = new Set(REST_CASES.map((c) => `${c.method} ${c.route}`));
    expect([...adminPaths, ...SERVICE_ADMIN_PATHS].filter((path) => !covered.has(path))).toEqual([]);
    // Each case names a path of the facade or a service path.
    const known = new Set([...restRoutes.map((route) => `${route.method} ${route.path}`), ...SERVICE_ADMIN_PATHS]);
    expect([...covered].filter((path) => !known.has(path))).toEqual([]);
  });

  for (const restCase of REST_CASES) {
    const byWho = WHO.map((who) => `${who} ${restCase.expected[who]}`).join(', ');
    it(`${restCase.method} ${restCase.route}${restCase.note ? ` (${restCase.note})` : ''}: ${byWho}`, async () => {
      const outcomes = {} as Expected;
      for (const who of WHO) {
        const { path, body } = await restCase.request(who);
        const answer = await stack.api(restCase.method, path, {
          ...(tokens[who] ? { token: tokens[who] } : {}),
          ...(body !== undefined ? { body } : {}),
          remoteAddress: nextAddress(),
        });
        outcomes[who] = answer.status >= 400 ? `${answer.status} ${answer.body.code}` : String(answer.status);
      }
      expect(outcomes).toEqual(restCase.expected);
    }, 60_000);
  }
});

describe('a role taken away', () => {
  it('an administrator made ADVERTISER loses every admin operation of every service at once, old token and new', async () => {
    const demoted = stack.accounts.demoted!;
    const probes: Array<[string, string]> = [
      ['identity', '{ users { totalItems } }'],
      ['listings', '{ opportunitiesByStatus(status: PENDING_APPROVAL) { totalItems } }'],
      ['billing', '{ refunds { id } }'],
      ['moderation', '{ globalParameters { id } }'],
    ];
    const outcomes = async (token: string) => {
      const seen: Record<string, string> = {};
      for (const [service, query] of probes) seen[service] = outcomeOf(await stack.graphql(query, {}, { token }));
      return seen;
    };
    expect(await outcomes(demoted.token)).toEqual({ identity: 'ok', listings: 'ok', billing: 'ok', moderation: 'ok' });
    await stack.data(
      ADMIN_UPDATE,
      { input: userEdit({ id: demoted.id, email: demoted.email }, { name: 'Persona', lastName: 'Mora', role: 'ADVERTISER' }) },
      tokens.admin,
    );
    // The change of role ends the account's sessions: the old token is refused everywhere.
    expect(await outcomes(demoted.token)).toEqual({ identity: '0003', listings: '0003', billing: '0003', moderation: '0003' });
    const again = await stack.api('POST', '/users/login', { body: { email: demoted.email, password: PASSWORD } });
    expect(again.status).toBe(200);
    // A new session carries the new role, and each service has it from identity's events too.
    await eventually(async () => {
      const seen = await outcomes(again.body.token as string);
      expect(seen).toEqual({ identity: 'FORBIDDEN', listings: 'FORBIDDEN', billing: 'FORBIDDEN', moderation: 'FORBIDDEN' });
    });
  });
});
