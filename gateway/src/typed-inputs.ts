import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import {
  getNamedType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isNonNullType,
  TypeInfo,
  typeFromAST,
  visit,
  visitWithTypeInfo,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { MessageKey } from '@ruedas/domain';

/**
 * The API's own input scalars checked at the gateway (issue 18, decision 0095). The gateway's schema
 * is built from the supergraph's SDL, where `Date` and `DateTime` have no parsing of their own: a
 * wrong value would reach the subgraph, whose scalar refuses it, and come back masked as an internal
 * error. Here every `Date`/`DateTime` value of an operation, written in the query or given as a
 * variable (inside input objects and lists too), is checked before planning; a wrong one answers 400
 * VALIDATION naming the argument or input field, in the request's language.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A real calendar day, yyyy-MM-dd (2026-02-30 is not one). */
export function isDay(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** An ISO 8601 date and time with its offset, a real instant. */
export function isInstant(value: unknown): boolean {
  return typeof value === 'string' && ISO_DATE_TIME.test(value) && isDay(value.slice(0, 10)) && !Number.isNaN(new Date(value).getTime());
}

const CHECKS: Record<string, { valid: (value: unknown) => boolean; field: MessageKey; message: MessageKey }> = {
  Date: { valid: isDay, field: 'invalidDay', message: 'invalidDayArgument' },
  DateTime: { valid: isInstant, field: 'invalidInstant', message: 'invalidInstantArgument' },
};

type Problems = Map<string, (typeof CHECKS)[string]>;

/** Checks a variable's value against its type, recursively; `name` is the argument or input field it fills. */
function checkValue(value: unknown, type: GraphQLInputType, name: string, problems: Problems): void {
  if (value === null || value === undefined) return;
  if (isNonNullType(type)) return checkValue(value, type.ofType, name, problems);
  if (isListType(type)) {
    for (const item of Array.isArray(value) ? value : [value]) checkValue(item, type.ofType, name, problems);
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object') return;
    for (const [field, definition] of Object.entries(type.getFields())) checkValue((value as Record<string, unknown>)[field], definition.type, field, problems);
    return;
  }
  const check = CHECKS[type.name];
  if (check && !check.valid(value)) problems.set(name, check);
}

/** The problems of an operation's Date and DateTime values: literals of the query, then the variables. */
export function typedInputProblems(schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Record<string, unknown> | undefined): Problems {
  const problems: Problems = new Map();
  const typeInfo = new TypeInfo(schema);
  /** Each variable's first use: the argument or input field it fills (named in the answer). */
  const usedAs = new Map<string, string>();
  const names: string[] = [];
  visit(
    operation,
    visitWithTypeInfo(typeInfo, {
      Argument: { enter: (node) => void names.push(node.name.value), leave: () => void names.pop() },
      ObjectField: { enter: (node) => void names.push(node.name.value), leave: () => void names.pop() },
      Variable(node) {
        const name = names[names.length - 1];
        if (name && !usedAs.has(node.name.value)) usedAs.set(node.name.value, name);
      },
      StringValue(node) {
        const type = typeInfo.getInputType();
        const check = type ? CHECKS[getNamedType(type).name] : undefined;
        const name = names[names.length - 1];
        if (check && name && !check.valid(node.value)) problems.set(name, check);
      },
    }),
  );
  for (const definition of operation.variableDefinitions ?? []) {
    const type = typeFromAST(schema, definition.type) as GraphQLInputType | undefined;
    const variable = definition.variable.name.value;
    if (type && variables && variable in variables) checkValue(variables[variable], type, usedAs.get(variable) ?? variable, problems);
  }
  return problems;
}

/** The plugin: a wrong Date or DateTime answers 400 VALIDATION (translated by the gateway's error plugin). */
export function typedInputs<C extends BaseContext>(): ApolloServerPlugin<C> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, schema, request }) {
          if (!operation) return;
          const problems = typedInputProblems(schema, operation, request.variables);
          const [first] = problems;
          if (!first) return;
          const [name, check] = first;
          throw new GraphQLError(`${name}: not a valid ${check === CHECKS.Date ? 'Date' : 'DateTime'}`, {
            extensions: {
              code: 'VALIDATION',
              messageKey: check.message,
              params: { name },
              fields: Object.fromEntries([...problems].map(([field, { field: key }]) => [field, key])),
              http: { status: 400 },
            },
          });
        },
      };
    },
  };
}
