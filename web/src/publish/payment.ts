/**
 * The provider's response on the return address (/paymentResultView, /buyPlanResult): billing's
 * sandbox sends it as the `response` query value. A provider that appends it bare is read as the
 * spec describes (the query string after its first character, '?'). Empty when there is none.
 */
export function providerResponse(search: string): string {
  const params = new URLSearchParams(search);
  const named = params.get('response');
  if (named !== null) return named.trim();
  const bare = search.startsWith('?') ? search.slice(1) : search;
  return bare.includes('=') ? '' : decodeURIComponent(bare).trim();
}
