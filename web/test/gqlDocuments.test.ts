import { describe, expect, it } from 'vitest';
import { gqlDocuments } from '../scripts/gqlDocuments';

/** The build's transform that gives each GraphQL document a module of its own (decision 0132). */
const transform = (code: string): string => {
  const plugin = gqlDocuments() as { transform: (code: string, id: string) => { code: string } | null };
  return plugin.transform.call({}, code, '/repo/web/src/publish/example.ts')?.code ?? code;
};

/** How the transform names a document's module (a virtual id, quoted as JSON). */
const from = (name: string) => JSON.stringify(`\0ruedas-gql:app:${name}`);

describe('per-document modules', () => {
  it('re-exports a document the module does not use itself', () => {
    const out = transform('export const PLANS = graphql(`\n  query Plans { plans { id } }\n`);\n');
    expect(out.split('\n')).toContain(`export { default as PLANS } from ${from('PlansDocument')};`);
    expect(out).not.toContain('graphql(');
  });

  it('keeps a local binding for a document the module also uses (the wizard read PRICES undefined without it)', () => {
    const out = transform('export const PRICES = graphql(`\n  query Prices { prices { level } }\n`);\nexport const use = () => useQuery(PRICES);\n');
    expect(out.split('\n')).toContain(`import PRICES from ${from('PricesDocument')};`);
    expect(out.split('\n')).toContain('export { PRICES };');
    expect(out).toContain('useQuery(PRICES)');
  });

  it('replaces an inline call by the document module’s default import', () => {
    const out = transform('const DOC = graphql(`fragment CardFields on Opportunity { id }`);\n');
    expect(out).toContain(`import __gql_CardFieldsFragmentDoc from ${from('CardFieldsFragmentDoc')};`);
    expect(out).toContain('const DOC = __gql_CardFieldsFragmentDoc;');
  });
});
