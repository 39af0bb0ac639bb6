import {
  AppError,
  MAILING_LIST_TEXT,
  addMailingListDetailSchema,
  toE164,
  type MailingList,
  type MailingListDetail,
  type MailingListDetails,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/**
 * Mailing lists of a store (tenantId is the store). Anyone who works on the store's
 * conversations may keep its lists: they are the store's audiences, not settings.
 */

type ListRow = { id: number; code: string; storeId: number; memberCount: number; createdBy: string | null; createdOn: Date };
type DetailRow = { id: number; mailingListMasterId: number; customerId: number | null; name: string | null; email: string | null; phone: string | null; createdOn: Date };

const toList = (r: ListRow): MailingList => ({
  mailingListMasterId: r.id,
  code: r.code,
  tenantId: r.storeId,
  memberCount: r.memberCount,
  createdBy: r.createdBy,
  createdOn: r.createdOn.toISOString(),
});

const toDetail = (r: DetailRow): MailingListDetail => ({
  mailingListDetailsId: r.id,
  mailingListMasterId: r.mailingListMasterId,
  customerId: r.customerId,
  name: r.name,
  email: r.email,
  phone: r.phone,
  createdOn: r.createdOn.toISOString(),
});

const listColumns = (sql: Sql) => sql`
  l.id, l.code, l.store_id, l.created_on,
  (select count(*)::int from mailing_list_detail d where d.mailing_list_master_id = l.id) as member_count,
  (select nullif(trim(u.first_name || ' ' || u.last_name), '') from app_user u where u.id = l.created_by) as created_by`;

const isUniqueViolation = (err: unknown) => (err as { code?: string })?.code === '23505';

async function loadList(sql: Sql, tenantId: number, listId: number): Promise<ListRow> {
  const [row] = await sql<ListRow[]>`select ${listColumns(sql)} from mailing_list_master l where l.id = ${listId} and l.store_id = ${tenantId}`;
  if (!row) throw new AppError('NOT_FOUND', `Mailing list ${listId} does not exist`, [{ field: 'query.mailingListMasterId', message: 'unknown list' }]);
  return row;
}

export async function listMailingLists(sql: Sql, user: SessionUser, tenantId: number): Promise<MailingList[]> {
  await assertStoreAccess(sql, user, tenantId);
  const rows = await sql<ListRow[]>`select ${listColumns(sql)} from mailing_list_master l where l.store_id = ${tenantId} order by lower(l.code)`;
  return rows.map(toList);
}

export async function createMailingList(sql: Sql, user: SessionUser, input: { code: string; tenantId: number }): Promise<MailingList> {
  await assertStoreAccess(sql, user, input.tenantId);
  try {
    const [row] = await sql<{ id: number }[]>`
      insert into mailing_list_master (store_id, code, created_by) values (${input.tenantId}, ${input.code}, ${user.userId}) returning id`;
    return toList(await loadList(sql, input.tenantId, row!.id));
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', MAILING_LIST_TEXT.duplicateCode, [{ field: 'body.code', message: MAILING_LIST_TEXT.duplicateCode }]);
    }
    throw err;
  }
}

/** Deletes a list and its contacts. */
export async function deleteMailingList(sql: Sql, user: SessionUser, tenantId: number, listId: number): Promise<{ message: string }> {
  await assertStoreAccess(sql, user, tenantId);
  await loadList(sql, tenantId, listId);
  await sql`delete from mailing_list_master where id = ${listId}`;
  return { message: MAILING_LIST_TEXT.deleted };
}

export async function mailingListDetails(sql: Sql, user: SessionUser, tenantId: number, listId: number): Promise<MailingListDetails> {
  await assertStoreAccess(sql, user, tenantId);
  const list = await loadList(sql, tenantId, listId);
  const rows = await sql<DetailRow[]>`
    select id, mailing_list_master_id, customer_id, name, email, phone, created_on from mailing_list_detail
    where mailing_list_master_id = ${listId} order by created_on desc, id desc`;
  return { mailingList: toList(list), details: rows.map(toDetail) };
}

/**
 * Adds one contact. A customer of the store is copied with their name, e-mail and mobile, so the
 * list keeps its contacts even if the customer record changes; otherwise an e-mail address and/or
 * a mobile number with a name. A contact already on the list is refused.
 */
export async function addMailingListDetail(
  sql: Sql,
  user: SessionUser,
  input: z.output<typeof addMailingListDetailSchema>,
): Promise<MailingListDetail> {
  await assertStoreAccess(sql, user, input.tenantId);
  await loadList(sql, input.tenantId, input.mailingListMasterId);
  let contact = { customerId: null as number | null, name: input.name || null, email: input.email?.toLowerCase() || null, phone: null as string | null };
  if (input.phone) {
    contact.phone = toE164(input.phone);
    if (!contact.phone) throw new AppError('VALIDATION_FAILED', 'Invalid Number', [{ field: 'body.phone', message: 'Invalid Number' }]);
  }
  if (input.customerId !== undefined) {
    const [c] = await sql<{ id: number; firstName: string; lastName: string; email: string | null; cellular: string | null }[]>`
      select id, first_name, last_name, email, cellular from customer where id = ${input.customerId} and store_id = ${input.tenantId}`;
    if (!c) throw new AppError('VALIDATION_FAILED', 'The customer is not one of this store', [{ field: 'body.customerId', message: 'unknown customer' }]);
    contact = { customerId: c.id, name: `${c.firstName} ${c.lastName}`.trim() || contact.name, email: c.email, phone: c.cellular };
  }
  try {
    const [row] = await sql<DetailRow[]>`
      insert into mailing_list_detail (mailing_list_master_id, customer_id, name, email, phone, created_by)
      values (${input.mailingListMasterId}, ${contact.customerId}, ${contact.name}, ${contact.email}, ${contact.phone}, ${user.userId})
      returning id, mailing_list_master_id, customer_id, name, email, phone, created_on`;
    return toDetail(row!);
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', MAILING_LIST_TEXT.duplicateMember, [{ field: 'body', message: MAILING_LIST_TEXT.duplicateMember }]);
    }
    throw err;
  }
}

export async function deleteMailingListDetail(sql: Sql, user: SessionUser, tenantId: number, detailId: number): Promise<{ message: string }> {
  await assertStoreAccess(sql, user, tenantId);
  const [row] = await sql<{ id: number }[]>`
    delete from mailing_list_detail d using mailing_list_master l
    where d.id = ${detailId} and l.id = d.mailing_list_master_id and l.store_id = ${tenantId}
    returning d.id`;
  if (!row) throw new AppError('NOT_FOUND', `Contact ${detailId} is not on a list of this store`, [{ field: 'query.mailingListDetailsId', message: 'unknown contact' }]);
  return { message: MAILING_LIST_TEXT.deleted };
}
