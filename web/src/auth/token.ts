/**
 * The session token, kept in local storage so every tab and reload shares it.
 * The accounts work stores it at login and clears it at logout; the GraphQL client reads it on every call.
 */
const TOKEN_KEY = 'ruedas.token';

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}
