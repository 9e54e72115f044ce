/**
 * The server's guess that a request comes from a phone (decision 0102): the client hint
 * `Sec-CH-UA-Mobile` when the browser sends it (Chromium does, unasked), else the user agent.
 */
export function looksLikePhone(headers: { 'sec-ch-ua-mobile'?: string | string[]; 'user-agent'?: string | string[] }): boolean {
  const hint = headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  const agent = typeof headers['user-agent'] === 'string' ? headers['user-agent'] : '';
  return /\bMobi|iPhone|Android.*Mobile/i.test(agent);
}
