import { AppError, canAccessEnterprise, canEditSharedTemplates as canEditSharedTemplatesFor } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/** Shared templates (group and store) are changed by administrators and managers only. */
export function canEditSharedTemplates(user: Pick<SessionUser, 'roles'>): boolean {
  return canEditSharedTemplatesFor(user.roles);
}

/** A template row as the queries below read it. */
export type TemplateRow = {
  id: number;
  enterpriseId: number;
  ownerUserId: number | null;
  storeId: number | null;
  divisionId: string | null;
  serviceType: string;
  title: string;
  body: string;
  createdOn: Date;
  updatedOn: Date;
};

export const templateColumns = (sql: Sql) =>
  sql`t.id, t.enterprise_id, t.owner_user_id, t.store_id, t.division_id, t.service_type, t.title, t.body, t.created_on, t.updated_on`;

export const kindOf = (t: Pick<TemplateRow, 'ownerUserId' | 'storeId'>) => (t.ownerUserId !== null ? 'PERSONAL' : t.storeId !== null ? 'STORE' : 'GROUP');

const notFound = (id: number) => new AppError('NOT_FOUND', `Template ${id} does not exist`, [{ field: 'templateId', message: 'unknown template' }]);

/**
 * The template, if the user may use it: their own personal template, a group template of an
 * enterprise they reach, a store template of a store they reach. Someone else's personal template
 * is answered as missing, so its existence is not revealed.
 */
export async function loadUsableTemplate(sql: Sql, user: SessionUser, id: number): Promise<TemplateRow> {
  const [t] = await sql<TemplateRow[]>`select ${templateColumns(sql)} from custom_template t where t.id = ${id}`;
  if (!t) throw notFound(id);
  const kind = kindOf(t);
  if (kind === 'PERSONAL' && t.ownerUserId !== user.userId) throw notFound(id);
  if (kind === 'GROUP' && !canAccessEnterprise(user, t.enterpriseId)) throw notFound(id);
  if (kind === 'STORE') await assertStoreAccess(sql, user, t.storeId!);
  return t;
}

/** Whether the user may change or delete a template they may use. */
export function canEditTemplate(user: SessionUser, t: Pick<TemplateRow, 'ownerUserId' | 'storeId'>): boolean {
  return kindOf(t) === 'PERSONAL' ? t.ownerUserId === user.userId : canEditSharedTemplates(user);
}

/** The template, if the user may change it; FORBIDDEN for shared templates without an editor role. */
export async function loadEditableTemplate(sql: Sql, user: SessionUser, id: number): Promise<TemplateRow> {
  const t = await loadUsableTemplate(sql, user, id);
  if (!canEditTemplate(user, t)) throw new AppError('FORBIDDEN', 'Only administrators and managers can change shared templates');
  return t;
}
