import type { Sql } from '../../db/database';
import { dataSecretBox } from '../../lib/secret-box';

/** Marks a stored secret as a ciphertext (older rows hold plain text). */
const PREFIX = 'enc:';

/**
 * Carrier secrets stored per store, sealed with the product's one secret box
 * (`api/src/lib/secret-box.ts`: AES-256-GCM under DATA_ENCRYPTION_KEY, or a key kept in the
 * database when that is not set).
 */
export type CredentialsCipher = {
  encrypt(plain: string): Promise<string>;
  /** Plain text back; a value without the prefix is returned as it is (stored before encryption). */
  decrypt(stored: string): Promise<string>;
};

export function createCredentialsCipher(sql: Sql, configuredKey?: string | undefined): CredentialsCipher {
  const box = () => dataSecretBox(sql, configuredKey);
  return {
    async encrypt(plain) {
      return `${PREFIX}${(await box()).seal(plain)}`;
    },
    async decrypt(stored) {
      if (!stored.startsWith(PREFIX)) return stored;
      return (await box()).open(stored.slice(PREFIX.length));
    },
  };
}

/** What a browser may see of a secret: its last four characters. */
export const secretHint = (secret: string) => `••••${secret.slice(-4)}`;
