import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Sql } from '../db/database';

/**
 * Encrypts secrets kept in the database (a dealer system's account) with AES-256-GCM. The key is
 * DATA_ENCRYPTION_KEY when set (any text of 32 characters or more, hashed to 256 bits), else one
 * random key made once and kept in the data_encryption_key table, shared by every process on the
 * database. A stored value reads `v1.<iv>.<tag>.<ciphertext>` (base64url): the tag makes a changed
 * or foreign value fail to open instead of opening to garbage.
 */
export type SecretBox = {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
};

const VERSION = 'v1';

export function secretBox(keyMaterial: string): SecretBox {
  const key = createHash('sha256').update(keyMaterial).digest();
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const cache = new WeakMap<Sql, Promise<string>>();

/** The configured key, or the one kept in the database (made on first use). */
export async function dataSecretBox(sql: Sql, configured?: string): Promise<SecretBox> {
  if (configured) return secretBox(configured);
  let key = cache.get(sql);
  if (!key) {
    key = (async () => {
      await sql`insert into data_encryption_key (id, key) values (1, ${randomBytes(32).toString('base64url')}) on conflict (id) do nothing`;
      const [row] = await sql<{ key: string }[]>`select key from data_encryption_key where id = 1`;
      return row!.key;
    })();
    cache.set(sql, key);
    key.catch(() => cache.delete(sql));
  }
  return secretBox(await key);
}
