import { GRAPHQL_ENUMS, type GraphqlEnum, type GraphqlEnumName } from '@ruedas/domain';

/** A description in SDL: a block string when it spans lines or holds a quote, a plain string otherwise. */
function described(text: string, indent: string): string {
  if (!text.includes('\n') && !text.includes('"')) return `${indent}${JSON.stringify(text)}`;
  const lines = text.replace(/"""/g, '\\"""').split('\n');
  return [`${indent}"""`, ...lines.map((line) => `${indent}${line}`), `${indent}"""`].join('\n');
}

/**
 * The SDL of enumerations of the domain, for a subgraph's typeDefs: `enum X { ... }` with the
 * descriptions of domain's GRAPHQL_ENUMS and the values of its constants, in their order. A value
 * the domain writes in lower case is the upper-case one, its own spelling kept as deprecated.
 */
export function domainEnumTypeDefs(...names: GraphqlEnumName[]): string {
  return names
    .map((name) => {
      const entry: GraphqlEnum = GRAPHQL_ENUMS[name];
      const values = entry.values as Record<string, string>;
      const lines = [described(entry.description, ''), `enum ${name} {`];
      for (const value of entry.domain) lines.push(described(values[value.toUpperCase()]!, '  '), `  ${value.toUpperCase()}`);
      for (const value of entry.domain.filter((value) => value !== value.toUpperCase())) {
        const upper = value.toUpperCase();
        lines.push(
          described(entry.deprecated?.[value] ?? values[upper]!, '  '),
          `  ${value} @deprecated(reason: "Use ${upper} (enum values are UPPER_SNAKE_CASE).")`,
        );
      }
      lines.push('}');
      return lines.join('\n');
    })
    .join('\n\n');
}

/** The line of a subgraph's .graphql file that stands for a domain enumeration. */
const DOMAIN_ENUM_LINE = /^# enum (\w+): from @ruedas\/domain$/gm;

/**
 * A subgraph's SDL with each `# enum X: from @ruedas/domain` line replaced by that enum's SDL
 * (`domainEnumTypeDefs`), where it stands, so the composed schema keeps its order. An unknown name
 * fails at once.
 */
export function withDomainEnums(sdl: string): string {
  return sdl.replace(DOMAIN_ENUM_LINE, (_line, name: string) => {
    if (!Object.hasOwn(GRAPHQL_ENUMS, name)) throw new Error(`# enum ${name}: not an enumeration of @ruedas/domain's GRAPHQL_ENUMS`);
    return domainEnumTypeDefs(name as GraphqlEnumName);
  });
}
