/**
 * What one GraphQL request may ask of the gateway (issue 14 item 4). Checked before any planning or
 * execution, so a refused request costs milliseconds. Measured against the web app's 57 operations
 * (largest: 152 tokens, cost 2,565 for the dashboard, no aliases, no directives) with room to spare;
 * see docs/decisions/0033-graphql-request-limits.md.
 */
export const QUERY_LIMITS = {
  /** Lexical tokens in the document: bounds the parser's work and nesting (no stack overflow). */
  maxTokens: 1_000,
  /** Fields nested in one another, fragments followed. */
  maxDepth: 12,
  /** Aliased fields in an operation: aliases are how one request repeats an expensive field. */
  maxAliases: 15,
  /** Directives in an operation. */
  maxDirectives: 10,
  /** GraphQL Armor's cost: objects 2, scalars 1, each level weighing 1.5 times more. */
  maxCost: 5_000,
} as const;

export type QueryLimit = keyof typeof QUERY_LIMITS;
