/**
 * The typed values that replaced a field written as text or a number (decision 0104), with the
 * type their legacy twin keeps and how its deprecation reason names the successor's type.
 */
const LEGACY_OF: Readonly<Record<string, { type: string; named: string }>> = {
  DateTime: { type: 'String', named: 'a DateTime' },
  Date: { type: 'String', named: 'a Date' },
  Money: { type: 'Float', named: 'Money' },
};

/**
 * The line of a subgraph's .graphql file that stands for a deprecated field, argument or enum value
 * kept beside its successor: `# old: legacy of new, "Its description."` for a field or argument
 * (the description says how the old one reads: in CRC, ISO 8601 text), `# old: legacy of NEW` for
 * an enum value (described as its successor).
 */
const LEGACY_LINE = /^([ \t]+)# (\w+): legacy of (\w+)(?:, ("(?:[^"\\]|\\.)*"))?$/gm;

/** The lines of the block (type, input, enum or argument list) around `at`: those indented alike or deeper. */
function blockAround(lines: readonly string[], at: number, indent: string): string[] {
  const inBlock = (line: string) => line.trim() === '' || line.startsWith(indent);
  let first = at;
  while (first > 0 && inBlock(lines[first - 1]!)) first -= 1;
  let last = at;
  while (last < lines.length - 1 && inBlock(lines[last + 1]!)) last += 1;
  return lines.slice(first, last + 1);
}

/**
 * A subgraph's SDL with each legacy line (`LEGACY_LINE`) replaced by the deprecated definition it
 * stands for, where it stands (the composed schema keeps its order), built from its successor in the
 * same block: a field's or argument's type is the successor's with `DateTime` and `Date` as `String`
 * and `Money` as `Float` (its list and non-null marks kept), its reason `Use <successor> (<type>).`;
 * an enum value takes its successor's description and the reason `Use <SUCCESSOR>.`. A successor the
 * block does not have, or of another type, fails at once.
 */
export function withLegacyFields(sdl: string): string {
  const lines = sdl.split('\n');
  return sdl.replace(LEGACY_LINE, (line: string, indent: string, name: string, successor: string, description: string | undefined, offset: number) => {
    const block = blockAround(lines, sdl.slice(0, offset).split('\n').length - 1, indent);
    const own = (text: string) => text.startsWith(indent) && !/\s/.test(text[indent.length] ?? ' ');
    const fail = (why: string) => new Error(`${line.trim()}: ${why}`);
    if (description === undefined) {
      const at = block.findIndex((text) => own(text) && text.slice(indent.length) === successor);
      if (at < 1 || !own(block[at - 1]!) || !/^\s*"(?!"")/.test(block[at - 1]!)) throw fail(`no described enum value ${successor} in its enum`);
      return `${block[at - 1]}\n${indent}${name} @deprecated(reason: "Use ${successor}.")`;
    }
    const definition = block
      .map((text) => (own(text) ? new RegExp(`^${successor}(?:\\(.*\\))?: (\\[?)(\\w+)(!?\\]?!?)(?: |$)`).exec(text.slice(indent.length)) : null))
      .find(Boolean);
    if (!definition) throw fail(`no ${successor} in its block`);
    const [, open, type, close] = definition;
    const legacy = LEGACY_OF[type!];
    if (!legacy) throw fail(`${successor} is a ${type}, not one of ${Object.keys(LEGACY_OF).join(', ')}`);
    return `${indent}${description}\n${indent}${name}: ${open}${legacy.type}${close} @deprecated(reason: "Use ${successor} (${legacy.named}).")`;
  });
}
