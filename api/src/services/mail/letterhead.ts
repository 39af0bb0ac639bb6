import { createHash } from 'node:crypto';
import type { Sql } from '../../db/database';

/**
 * An enterprise's logo as its public pages and outgoing mail show it. `url` is the public image
 * address with the logo's version in it, so a browser or mail client keeps it until it changes.
 */
export type Letterhead = {
  enterpriseId: number;
  enterpriseName: string;
  contentType: string;
  /** The image, base64 as stored. */
  data: string;
  version: string;
  url: string;
};

export const publicLogoPath = (enterpriseId: number, version: string) => `/api/public/enterprise/${enterpriseId}/logo?v=${version}`;

// md5 of the stored text names the version; it changes with every new image.
type Head = { id: number; name: string; logoType: string | null; version: string | null };

// The image itself is read only when its version is not the one this process already holds: mail
// after mail from one store costs one small query.
const kept = new WeakMap<Sql, Map<number, Letterhead>>();

async function resolve(sql: Sql, head: Head | undefined, publicUrl = ''): Promise<Letterhead | null> {
  if (!head?.version || !head.logoType) return null;
  let byId = kept.get(sql);
  if (!byId) kept.set(sql, (byId = new Map()));
  const hit = byId.get(head.id);
  if (hit && hit.version === head.version && hit.enterpriseName === head.name) return { ...hit, url: publicUrl + publicLogoPath(head.id, head.version) };
  const [row] = await sql<{ logo: string | null }[]>`select logo from enterprise where id = ${head.id}`;
  if (!row?.logo) return null;
  const letterhead: Letterhead = {
    enterpriseId: head.id,
    enterpriseName: head.name,
    contentType: head.logoType,
    data: row.logo,
    version: head.version,
    url: publicLogoPath(head.id, head.version),
  };
  byId.set(head.id, letterhead);
  return { ...letterhead, url: publicUrl + letterhead.url };
}

/** The logo of the enterprise a store belongs to, or null when it has none. */
export async function letterheadOfStore(sql: Sql, storeId: number, publicUrl?: string): Promise<Letterhead | null> {
  const [head] = await sql<Head[]>`
    select e.id, e.name, e.logo_type, left(md5(e.logo), 12) as version
    from store s join boc b on b.id = s.boc_id join enterprise e on e.id = b.enterprise_id where s.id = ${storeId}`;
  return resolve(sql, head, publicUrl);
}

/** An enterprise's logo, or null when it has none. */
export async function letterheadOfEnterprise(sql: Sql, enterpriseId: number, publicUrl?: string): Promise<Letterhead | null> {
  const [head] = await sql<Head[]>`
    select e.id, e.name, e.logo_type, left(md5(e.logo), 12) as version from enterprise e where e.id = ${enterpriseId}`;
  return resolve(sql, head, publicUrl);
}

/** The image bytes with an ETag for the public logo address. */
export function logoImage(letterhead: Letterhead): { bytes: Buffer; etag: string } {
  const bytes = Buffer.from(letterhead.data, 'base64');
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 16)}"` };
}
