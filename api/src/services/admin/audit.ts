import { canAccessEnterprise, type AuditEntry } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { requireAction } from './guard';

type Json = AuditEntry['before'];

/** One administrative change, written in the same transaction as the change itself. */
export async function recordAudit(
  tx: Sql,
  user: Pick<SessionUser, 'userId' | 'firstName' | 'lastName' | 'username'> | null,
  entry: { enterpriseId: number | null; action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  const actorName = user ? `${user.firstName} ${user.lastName} (${user.username})` : 'System';
  await tx`insert into audit_log (enterprise_id, actor_user_id, actor_name, action, entity, entity_id, before, after)
    values (${entry.enterpriseId}, ${user?.userId ?? null}, ${actorName}, ${entry.action}, ${entry.entity}, ${String(entry.entityId)},
      ${entry.before === undefined || entry.before === null ? null : tx.json(entry.before as never)},
      ${entry.after === undefined || entry.after === null ? null : tx.json(entry.after as never)})`;
}

/** The audit log of an enterprise, newest first, a page at a time. */
export async function listAudit(sql: Sql, user: SessionUser, o: { enterpriseId: number; page: number; size: number; entity?: string | undefined }) {
  requireAction(user, 'AUDIT_VIEW');
  if (!canAccessEnterprise(user, o.enterpriseId)) return { content: [], page: o.page, size: o.size, total: 0 };
  const filter = o.entity ? sql`and entity = ${o.entity}` : sql``;
  const [{ total } = { total: 0 }] = await sql<{ total: number }[]>`
    select count(*)::int as total from audit_log where enterprise_id = ${o.enterpriseId} ${filter}`;
  const rows = await sql<{ id: number; enterpriseId: number | null; actorName: string; action: string; entity: string; entityId: string; before: Json; after: Json; createdOn: Date }[]>`
    select id, enterprise_id, actor_name, action, entity, entity_id, before, after, created_on from audit_log
    where enterprise_id = ${o.enterpriseId} ${filter}
    order by created_on desc, id desc limit ${o.size} offset ${o.page * o.size}`;
  return { content: rows.map((r) => ({ ...r, createdOn: r.createdOn.toISOString() })), page: o.page, size: o.size, total };
}
