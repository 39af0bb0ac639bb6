import { AppError, canAccessBoc, canAccessEnterprise } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/** Where a list looks: the place named in the filter, never wider than the user's scope. */
export type PlaceFilter = { storeId?: number | undefined; bocId?: number | undefined; enterpriseId?: number | undefined };

/**
 * The store ids of the place a list spans: the most specific of storeId, bocId and enterpriseId
 * given, or the user's whole scope when none is. A place outside the scope is FORBIDDEN, an
 * unknown one NOT_FOUND; the user's scope always bounds the answer.
 */
export async function placeStoreIds(sql: Sql, user: SessionUser, f: PlaceFilter, field = 'body'): Promise<number[]> {
  if (f.storeId !== undefined) {
    await assertStoreAccess(sql, user, f.storeId);
    return [f.storeId];
  }
  if (f.bocId !== undefined) {
    const [boc] = await sql<{ id: number; enterpriseId: number }[]>`select id, enterprise_id from boc where id = ${f.bocId}`;
    if (!boc) throw new AppError('NOT_FOUND', `BOC ${f.bocId} does not exist`, [{ field: `${field}.bocId`, message: 'unknown BOC' }]);
    if (!canAccessBoc(user, { bocId: boc.id, enterpriseId: boc.enterpriseId })) throw new AppError('FORBIDDEN', 'This BOC is outside your access');
    return (await sql<{ id: number }[]>`select id from store where boc_id = ${boc.id} order by id`).map((r) => r.id);
  }
  const enterpriseId = f.enterpriseId ?? user.enterpriseId;
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const rows = await sql<{ id: number }[]>`
    select s.id from store s join boc b on b.id = s.boc_id
    where b.enterprise_id = ${enterpriseId}
      ${user.empLevel === 'BOC' ? sql`and b.id = ${user.bocId}` : sql``}
      ${user.empLevel === 'STORE' ? sql`and s.id = ${user.storeId}` : sql``}
    order by s.id`;
  return rows.map((r) => r.id);
}

/**
 * The filter of an (ent) call narrowed to the enterprise its enterpriseId header names: the user
 * must belong to it (403), and a store, BOC or enterprise the body also names must be of it (400
 * naming the header). Without the header the filter stands as sent.
 */
export async function placeOfEnterpriseHeader<T extends PlaceFilter>(sql: Sql, user: SessionUser, f: T, header: string | undefined): Promise<T> {
  if (header === undefined) return f;
  const enterpriseId = Number(header);
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const mismatch = (what: string) =>
    new AppError('VALIDATION_FAILED', `${what} is not in enterprise ${enterpriseId}`, [{ field: 'header.enterpriseId', message: `not the enterprise of the ${what.toLowerCase()}` }]);
  if (f.enterpriseId !== undefined && f.enterpriseId !== enterpriseId) throw mismatch('Enterprise ' + f.enterpriseId);
  if (f.storeId !== undefined) {
    const [s] = await sql<{ enterpriseId: number }[]>`select b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${f.storeId}`;
    if (s && s.enterpriseId !== enterpriseId) throw mismatch(`Store ${f.storeId}`);
  } else if (f.bocId !== undefined) {
    const [b] = await sql<{ enterpriseId: number }[]>`select enterprise_id from boc where id = ${f.bocId}`;
    if (b && b.enterpriseId !== enterpriseId) throw mismatch(`BOC ${f.bocId}`);
  }
  return { ...f, enterpriseId };
}

/**
 * An (ent) call about one conversation: with the enterpriseId header, the user must belong to that
 * enterprise (403) and the conversation's store must be of it (400 naming the header). A
 * conversation that does not exist is left for the call itself to refuse.
 */
export async function checkInteractionEnterpriseHeader(sql: Sql, user: SessionUser, interactionId: number, header: string | undefined): Promise<void> {
  if (header === undefined) return;
  const [row] = await sql<{ storeId: number }[]>`select store_id from future_service_interaction where id = ${interactionId}`;
  await placeOfEnterpriseHeader(sql, user, row ? { storeId: row.storeId } : {}, header);
}
