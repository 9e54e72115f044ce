import { getToken } from '../auth/token';
import { i18n } from '../i18n';

/** What every GraphQL request carries: the token, and the interface language so the server's messages come translated. */
export function requestHeaders(): Record<string, string> {
  const token = getToken();
  return { 'Accept-Language': i18n.language || 'es', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}
