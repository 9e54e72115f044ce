import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE, privateDirSync } from './private-files';
import { join } from 'node:path';
import { importPKCS8, importSPKI, jwtVerify, SignJWT, type KeyLike } from 'jose';
import type { Clock } from './clock';
import { ConfigError } from './config';
import type { RequestContext } from './context';
import { sessionInvalid } from './errors';
import { noteUser } from './observability/scope';

/**
 * Session tokens: JWTs signed by identity with an Ed25519 private key (EdDSA), verified by every
 * service with the public key. Only EdDSA is accepted, so `alg: none` and HS256-with-the-public-key
 * confusion are refused by construction. Claims: `sub` (user id), `sid` (session id), `role`, `exp`.
 */
export const TOKEN_ALGORITHM = 'EdDSA';
const ISSUER = 'ruedas-identity';

/** Who a verified token speaks for. */
export interface Viewer {
  userId: string;
  sessionId: string;
  role: string;
  expiresAt: Date;
}

export interface TokenKeyPems {
  privateKey?: string;
  publicKey: string;
}

/** A fresh Ed25519 key pair in PEM (PKCS#8 private, SPKI public). */
export function generateTokenKeyPair(): Required<TokenKeyPems> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

export interface TokenKeySettings {
  /** PEM of RUEDAS_TOKEN_PRIVATE_KEY, needed where tokens are signed (identity). */
  privateKey?: string | undefined;
  /** PEM of RUEDAS_TOKEN_PUBLIC_KEY, needed wherever tokens are verified. */
  publicKey?: string | undefined;
  /** Production refuses to start without configured keys. */
  production: boolean;
  /** Where a development process keeps its generated pair, so tokens survive a restart. */
  dataDir: string;
}

/**
 * The key pair of this process. Configured PEMs win; in production a missing one stops start-up
 * naming its variable; otherwise a pair is generated once and kept in `<dataDir>/token-keys.json`.
 */
export function resolveTokenKeys(settings: TokenKeySettings, needPrivate: boolean): TokenKeyPems {
  if (settings.publicKey && (settings.privateKey || !needPrivate)) {
    return { publicKey: settings.publicKey, ...(settings.privateKey ? { privateKey: settings.privateKey } : {}) };
  }
  if (settings.production) {
    const missing = settings.publicKey ? 'RUEDAS_TOKEN_PRIVATE_KEY' : 'RUEDAS_TOKEN_PUBLIC_KEY';
    throw new ConfigError(missing, 'is required in production (PEM of the Ed25519 session-token key)');
  }
  const file = join(settings.dataDir, 'token-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Required<TokenKeyPems>;
  const pair = generateTokenKeyPair();
  privateDirSync(settings.dataDir);
  writeFileSync(file, JSON.stringify(pair), { mode: PRIVATE_FILE_MODE });
  return pair;
}

/** Signs session tokens (identity only). */
export class TokenSigner {
  private constructor(private readonly key: KeyLike) {}

  static async fromPem(privateKeyPem: string): Promise<TokenSigner> {
    return new TokenSigner(await importPKCS8(privateKeyPem, TOKEN_ALGORITHM));
  }

  sign(viewer: Viewer): Promise<string> {
    return new SignJWT({ sid: viewer.sessionId, role: viewer.role })
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
      .setSubject(viewer.userId)
      .setIssuer(ISSUER)
      .setExpirationTime(Math.floor(viewer.expiresAt.getTime() / 1000))
      .sign(this.key);
  }
}

/** Verifies session tokens: signature (EdDSA only), issuer, expiry by the injected clock, claims. */
export class TokenVerifier {
  private constructor(
    private readonly key: KeyLike,
    private readonly clock: Clock,
  ) {}

  static async fromPem(publicKeyPem: string, clock: Clock): Promise<TokenVerifier> {
    return new TokenVerifier(await importSPKI(publicKeyPem, TOKEN_ALGORITHM), clock);
  }

  /** The viewer of a valid token; DomainError 0003 for anything else. */
  async verify(token: string): Promise<Viewer> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [TOKEN_ALGORITHM],
        issuer: ISSUER,
        currentDate: this.clock.now(),
        requiredClaims: ['sub', 'sid', 'exp'],
      });
      const { sub, sid, role, exp } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof role !== 'string' || typeof exp !== 'number') {
        throw new Error('malformed claims');
      }
      return { userId: sub, sessionId: sid, role, expiresAt: new Date(exp * 1000) };
    } catch {
      throw sessionInvalid();
    }
  }
}

const PRUNE_EVERY_MS = 60_000;

/**
 * Verifies the token of a request and refuses ended sessions. Identity revokes in it when a session
 * ends (at once, in its own process); other processes revoke on the SessionEnded event. One guard
 * per process, shared by every service in it. A revocation is kept until the token would have
 * expired anyway.
 */
export class SessionGuard {
  private readonly revoked = new Map<string, number>();
  private readonly viewers = new WeakMap<RequestContext, Promise<Viewer | null>>();
  /** Expired revocations are dropped at most once a minute: a start replaying many ended sessions stays linear. */
  private nextPruneAt = 0;

  constructor(
    private readonly verifier: TokenVerifier,
    private readonly clock: Clock,
  ) {}

  revoke(sessionId: string, expiresAt: Date): void {
    this.revoked.set(sessionId, expiresAt.getTime());
    this.prune();
  }

  isRevoked(sessionId: string): boolean {
    return this.revoked.has(sessionId);
  }

  /** The verified viewer of a request; DomainError 0003 when there is no valid session. */
  async viewer(ctx: RequestContext): Promise<Viewer> {
    const viewer = await this.optionalViewer(ctx);
    if (!viewer) throw sessionInvalid();
    return viewer;
  }

  /**
   * The viewer when the request carries a token (0003 if that token is not valid), null for a
   * visitor without one. Verified once per request.
   */
  optionalViewer(ctx: RequestContext): Promise<Viewer | null> {
    let viewer = this.viewers.get(ctx);
    if (!viewer) {
      viewer = this.check(ctx.token);
      this.viewers.set(ctx, viewer);
    }
    return viewer;
  }

  private async check(token: string | null): Promise<Viewer | null> {
    if (token === null) return null;
    const viewer = await this.verifier.verify(token);
    if (this.revoked.has(viewer.sessionId)) throw sessionInvalid();
    // The request's lines (its access line too) name the user from now on.
    noteUser(viewer.userId);
    return viewer;
  }

  private prune(): void {
    const now = this.clock.now().getTime();
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    for (const [id, until] of this.revoked) if (until <= now) this.revoked.delete(id);
  }
}
