import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';
import { QUERY_LIMITS, type MessageKey } from '@ruedas/domain';

/** The extension codes of a refused request: REST answers them 400 VALIDATION. */
export const LIMIT_CODES = ['QUERY_TOO_LARGE', 'QUERY_TOO_DEEP', 'QUERY_TOO_COMPLEX'] as const;

/** A refusal the translatedErrors plugin puts in the caller's language (es/en). */
function limitError(code: (typeof LIMIT_CODES)[number], messageKey: MessageKey, params: Record<string, number>, english: string): GraphQLError {
  return new GraphQLError(english, { extensions: { code, limit: code, messageKey, params } });
}

/** Refuses operations nested deeper than `max` fields (fragments followed), before any planning. */
export function depthLimit(max: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);

    const depth = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let deepest = 0;
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + depth(selection.selectionSet, seen));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depth(selection.selectionSet, seen));
        } else {
          const name = selection.name.value;
          const fragment = fragments.get(name);
          if (!fragment || seen.has(name)) continue;
          deepest = Math.max(deepest, depth(fragment.selectionSet, new Set([...seen, name])));
        }
      }
      return deepest;
    };

    return {
      OperationDefinition(node) {
        const found = depth(node.selectionSet, new Set());
        if (found > max) {
          context.reportError(limitError('QUERY_TOO_DEEP', 'queryTooDeep', { found, max }, `The query is ${found} levels deep; at most ${max} are allowed.`));
        }
      },
    };
  };
}

export interface RequestLimits {
  maxTokens: number;
  maxDepth: number;
  maxAliases: number;
  maxDirectives: number;
  maxCost: number;
}

/**
 * Everything that bounds one request before it is planned: the token limit is the parser's own
 * (Apollo's `parseOptions`, so a 3,000-level document is refused before the parser recurses), depth
 * is ours, aliases, directives and cost are GraphQL Armor's validation rules with our translated
 * refusals. Field suggestions are masked outside development (they describe the schema).
 */
export function requestLimits(
  limits: RequestLimits,
  development: boolean,
): {
  parseOptions: { maxTokens: number };
  validationRules: ValidationRule[];
  plugins: ApolloServerPlugin[];
} {
  const refuse = (messageKey: MessageKey, max: number) => [
    (context: ValidationContext | null, error: GraphQLError) =>
      context?.reportError(limitError('QUERY_TOO_COMPLEX', messageKey, { max }, error.message.replace(/^Syntax Error: /, ''))),
  ];
  const armor = new ApolloArmor({
    blockFieldSuggestion: { enabled: !development },
    maxTokens: { enabled: false },
    maxDepth: { enabled: false },
    maxAliases: { n: limits.maxAliases, propagateOnRejection: false, onReject: refuse('tooManyAliases', limits.maxAliases) },
    maxDirectives: { n: limits.maxDirectives, propagateOnRejection: false, onReject: refuse('tooManyDirectives', limits.maxDirectives) },
    costLimit: { maxCost: limits.maxCost, propagateOnRejection: false, onReject: refuse('queryTooCostly', limits.maxCost) },
  }).protect();
  return {
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: [depthLimit(limits.maxDepth) as ValidationRule, ...armor.validationRules],
    plugins: armor.plugins,
  };
}

export const DEFAULT_LIMITS: RequestLimits = QUERY_LIMITS;

/**
 * A refusal of the limits as answered: the parser's token refusal (an English syntax error) becomes
 * our translated QUERY_TOO_LARGE, and a validation refusal gets back the code Apollo replaced with
 * GRAPHQL_VALIDATION_FAILED. Null for any other error.
 */
export function limitRefusal(formatted: GraphQLFormattedError, maxTokens: number): GraphQLFormattedError | null {
  const extensions = formatted.extensions ?? {};
  if (extensions.code === 'GRAPHQL_PARSE_FAILED' && /contains more th(?:at|an) \d+ tokens/.test(formatted.message)) {
    return {
      message: `The query is too long (more than ${maxTokens} tokens).`,
      extensions: { code: 'QUERY_TOO_LARGE', messageKey: 'queryTooLarge', params: { max: maxTokens } },
    };
  }
  if (
    extensions.code === 'GRAPHQL_VALIDATION_FAILED' &&
    typeof extensions.limit === 'string' &&
    (LIMIT_CODES as readonly string[]).includes(extensions.limit)
  ) {
    const { limit, ...rest } = extensions;
    return { ...formatted, extensions: { ...rest, code: limit } };
  }
  return null;
}
