import { parse } from 'regexparam';

/** A path parameter decoded (`%20` is a space); left as it is when it is not valid percent-encoding. */
export function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Each route pattern's regular expression, made once (the ~90 routes are matched at every navigation and as a page starts). */
type Compiled = { keys: string[]; pattern: RegExp };
const parsed = new Map<string, Compiled>();
function compiled(path: string, loose: boolean): Compiled {
  const key = `${loose ? 'loose' : 'end'} ${path}`;
  let found = parsed.get(key);
  if (!found) parsed.set(key, (found = parse(path, loose)));
  return found;
}

/** Whether a pathname matches a route pattern (`/opportunity/:id`; case-insensitive, a trailing slash allowed), with its parameters. */
export function matchPath(pattern: string | { path: string; end?: boolean }, pathname: string): { params: Record<string, string> } | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const { keys, pattern: regexp } = compiled(path, !end);
  const found = regexp.exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  if (keys) keys.forEach((key, index) => (params[key] = decodeParam(found[index + 1] ?? '')));
  return { params };
}
