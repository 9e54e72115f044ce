// Prints a `.env` for docker-compose.yml with fresh secrets: the session-token key pair, ONVO Pay
// placeholders to replace, the Meilisearch master key and the search service's key, the MinIO keys, and the first administrator (whose
// e-mail is RUEDAS_ADMIN_EMAIL or admin@example.com, with a random password printed on stderr), and
// the password of Grafana's admin (observability profile).
//   npm run --silent secrets -w @ruedas/infra > .env
// (`--silent`: without it npm prints its banner line, `> @ruedas/infra@0.1.0 secrets`, into the file,
// which Compose v2 refuses; CI runs the command infra/README.md documents and checks the file.)
import { randomBytes } from 'node:crypto';
import { generateTokenKeyPair } from '@ruedas/platform';
import { meilisearchKeyFor } from '@ruedas/search-meilisearch';
import { ONVO_PLACEHOLDERS } from './settings';

/** The operator's variables of docker-compose.yml, freshly generated. */
export function generateComposeSecrets(adminEmail = 'admin@example.com'): Record<string, string> {
  const { privateKey, publicKey } = generateTokenKeyPair();
  const secret = (bytes: number) => randomBytes(bytes).toString('base64url');
  const meiliMasterKey = secret(24);
  return {
    // One line each: the launcher reads `\n` in these PEMs as line breaks.
    RUEDAS_TOKEN_PRIVATE_KEY: privateKey.trim().replaceAll('\n', '\\n'),
    RUEDAS_TOKEN_PUBLIC_KEY: publicKey.trim().replaceAll('\n', '\\n'),
    // ONVO Pay's keys cannot be generated: they come from ONVO's dashboard. These placeholders let
    // the file render; every start (and `--check`) refuses them until both are replaced.
    ...ONVO_PLACEHOLDERS,
    MEILI_MASTER_KEY: meiliMasterKey,
    // The search service's key, scoped to its index: the one Meilisearch makes for the search key's
    // uid under this master key (the meili-keys container creates it and checks it is this one).
    MEILI_API_KEY: meilisearchKeyFor(meiliMasterKey),
    S3_ACCESS_KEY: `ruedas-${secret(6)}`,
    S3_SECRET_KEY: secret(24),
    RUEDAS_ADMIN_EMAIL: adminEmail,
    RUEDAS_ADMIN_PASSWORD: `Ruedas-${secret(12)}`,
    GRAFANA_ADMIN_PASSWORD: secret(18),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const values = generateComposeSecrets(process.env.RUEDAS_ADMIN_EMAIL);
  process.stdout.write(
    `${Object.entries(values)
      .map(([name, value]) => `${name}='${value}'`)
      .join('\n')}\n`,
  );
  process.stderr.write(`first administrator: ${values.RUEDAS_ADMIN_EMAIL} / ${values.RUEDAS_ADMIN_PASSWORD}\n`);
  process.stderr.write("replace ONVO_SECRET_KEY and ONVO_WEBHOOK_SECRET with the ones of ONVO's dashboard before taking payments\n");
}
