import { AppError, applyStoreListRules, canAccessEnterprise, type Registration, registrationApprovalSchema, registrationInputSchema } from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from './audit';
import { requireAction } from './guard';
import type { AccountMail } from './mail';
import { createUser, coversScope } from './users';

/** Stores a visitor may name on the register page: names only, the store lists' rules applied. */
export async function registrationStores(sql: Sql) {
  const rows = await sql<{ id: number; storeName: string; storeCode: string; bocCode: string; enterpriseName: string }[]>`
    select s.id, s.store_name, s.store_code, b.boc_code, e.name as enterprise_name
    from store s join boc b on b.id = s.boc_id join enterprise e on e.id = b.enterprise_id order by e.name, s.store_name`;
  return applyStoreListRules(rows).map((s) => ({ id: s.id, name: s.storeName, enterpriseName: s.enterpriseName }));
}

/** A visitor asks for an account at a store; an administrator of that store approves or declines. */
export async function submitRegistration(sql: Sql, input: z.output<typeof registrationInputSchema>): Promise<void> {
  const [store] = await sql<{ enterpriseId: number }[]>`select b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${input.storeId}`;
  if (!store) throw new AppError('VALIDATION_FAILED', 'Choose your store', [{ field: 'body.storeId', message: 'unknown store' }]);
  const [pending] = await sql`select 1 from registration_request where lower(username) = lower(${input.username}) and status = 'PENDING'`;
  const [taken] = await sql`select 1 from app_user where lower(username) = lower(${input.username})`;
  if (pending || taken) throw new AppError('CONFLICT', 'This username is taken', [{ field: 'body.username', message: 'taken' }]);
  await sql`insert into registration_request (first_name, last_name, email, username, enterprise_id, store_id, note)
    values (${input.firstName}, ${input.lastName}, ${input.email}, ${input.username}, ${store.enterpriseId}, ${input.storeId}, ${input.note})`;
}

type Row = Omit<Registration, 'createdOn'> & { createdOn: Date; bocId: number | null };

async function rows(sql: Sql, where: ReturnType<Sql>) {
  return sql<Row[]>`
    select r.id, r.first_name, r.last_name, r.email, r.username, r.enterprise_id, r.store_id, s.store_name, s.boc_id, r.note, r.status, r.created_on
    from registration_request r left join store s on s.id = r.store_id ${where} order by r.created_on desc, r.id desc`;
}

const scopeOf = (r: Row) => ({ empLevel: 'STORE' as const, enterpriseId: r.enterpriseId, bocId: r.bocId, storeId: r.storeId });

export async function listRegistrations(sql: Sql, user: SessionUser, enterpriseId: number): Promise<Registration[]> {
  requireAction(user, 'USERS_VIEW');
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const list = await rows(sql, sql`where r.enterprise_id = ${enterpriseId}`);
  return list.filter((r) => coversScope(user, scopeOf(r))).map(({ bocId: _b, ...r }) => ({ ...r, createdOn: r.createdOn.toISOString() }));
}

async function pendingOne(sql: Sql, user: SessionUser, id: number): Promise<Row> {
  requireAction(user, 'USERS_MANAGE');
  const [r] = await rows(sql, sql`where r.id = ${id}`);
  if (!r || !coversScope(user, scopeOf(r))) throw new AppError('NOT_FOUND', `Request ${id} does not exist`, [{ field: 'id', message: 'unknown request' }]);
  if (r.status !== 'PENDING') throw new AppError('CONFLICT', 'This request was already decided');
  return r;
}

/** Approves a request: the user is created at the requested store and invited by email. */
export async function approveRegistration(sql: Sql, mail: AccountMail, user: SessionUser, id: number, input: z.output<typeof registrationApprovalSchema>, publicUrl: string) {
  const r = await pendingOne(sql, user, id);
  const created = await createUser(sql, mail, user, {
    username: r.username, firstName: r.firstName, lastName: r.lastName, email: r.email, roles: input.roles, guest: false, password: null,
    empLevel: 'STORE', enterpriseId: r.enterpriseId, bocId: r.bocId, storeId: r.storeId, divisionId: 'DIV004',
  }, publicUrl);
  await sql`update registration_request set status = 'APPROVED', decided_by = ${user.userId}, decided_on = now(), user_id = ${created.user.userMasterId} where id = ${id}`;
  await recordAudit(sql, user, { enterpriseId: r.enterpriseId, action: 'APPROVE', entity: 'registration', entityId: id, after: { userId: created.user.userMasterId } });
  return created;
}

export async function declineRegistration(sql: Sql, user: SessionUser, id: number): Promise<void> {
  const r = await pendingOne(sql, user, id);
  await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`update registration_request set status = 'DECLINED', decided_by = ${user.userId}, decided_on = now() where id = ${id}`;
    await recordAudit(tx, user, { enterpriseId: r.enterpriseId, action: 'DECLINE', entity: 'registration', entityId: id });
  });
}
