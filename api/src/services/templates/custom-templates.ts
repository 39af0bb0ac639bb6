import {
  AppError,
  ALL_SERVICE_TYPES,
  TEMPLATE_TEXT,
  canAccessEnterprise,
  saveCustomTemplateSchema,
  type CustomTemplate,
  type ServiceType,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { canEditSharedTemplates, loadEditableTemplate, templateColumns, type TemplateRow } from './template-access';
import { toTemplateDto } from './template-dto';

type SaveInput = z.output<typeof saveCustomTemplateSchema>;

const byType = (sql: Sql, serviceType: ServiceType | typeof ALL_SERVICE_TYPES) =>
  serviceType === ALL_SERVICE_TYPES ? sql`` : sql`and t.service_type = ${serviceType}`;

/** `GET /api/customTemplate/user/{serviceType}`: the caller's own templates. */
export async function listPersonalTemplates(sql: Sql, user: SessionUser, serviceType: ServiceType | typeof ALL_SERVICE_TYPES): Promise<CustomTemplate[]> {
  const rows = await sql<TemplateRow[]>`
    select ${templateColumns(sql)} from custom_template t
    where t.owner_user_id = ${user.userId} ${byType(sql, serviceType)}
    order by lower(t.title), t.id`;
  return rows.map((t) => toTemplateDto(t, user));
}

/** `GET /api/customTemplate/{enterpriseId}/{serviceType}`: the enterprise's group templates. */
export async function listGroupTemplates(
  sql: Sql,
  user: SessionUser,
  enterpriseId: number,
  serviceType: ServiceType | typeof ALL_SERVICE_TYPES,
): Promise<CustomTemplate[]> {
  if (!canAccessEnterprise(user, enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const rows = await sql<TemplateRow[]>`
    select ${templateColumns(sql)} from custom_template t
    where t.enterprise_id = ${enterpriseId} and t.owner_user_id is null and t.store_id is null ${byType(sql, serviceType)}
    order by lower(t.title), t.id`;
  return rows.map((t) => toTemplateDto(t, user));
}

/**
 * `POST /api/customTemplate`: updates the template templateId names, or adds one. A new template
 * with enterpriseId is a group template of that enterprise (administrators and managers only);
 * without it, a personal template of the caller. A template keeps its kind when updated.
 */
export async function saveCustomTemplate(sql: Sql, user: SessionUser, input: SaveInput): Promise<{ message: string; template: CustomTemplate }> {
  if (input.templateId) {
    const existing = await loadEditableTemplate(sql, user, input.templateId);
    const [row] = await sql<TemplateRow[]>`
      update custom_template t set title = ${input.title}, body = ${input.body}, service_type = ${input.serviceType}, updated_on = now()
      where t.id = ${existing.id}
      returning ${templateColumns(sql)}`;
    return { message: TEMPLATE_TEXT.updated, template: toTemplateDto(row!, user) };
  }
  const group = input.enterpriseId !== null && input.enterpriseId !== undefined;
  if (group) {
    if (!canAccessEnterprise(user, input.enterpriseId!)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
    if (!canEditSharedTemplates(user)) throw new AppError('FORBIDDEN', 'Only administrators and managers can add group templates');
  }
  const [row] = await sql<TemplateRow[]>`
    insert into custom_template as t (enterprise_id, owner_user_id, service_type, title, body)
    values (${group ? input.enterpriseId! : user.enterpriseId}, ${group ? null : user.userId}, ${input.serviceType}, ${input.title}, ${input.body})
    returning ${templateColumns(sql)}`;
  return { message: TEMPLATE_TEXT.added, template: toTemplateDto(row!, user) };
}

/** `DELETE /api/customTemplate/{templateId}`. */
export async function deleteCustomTemplate(sql: Sql, user: SessionUser, templateId: number): Promise<{ message: string }> {
  const t = await loadEditableTemplate(sql, user, templateId);
  await sql`delete from custom_template where id = ${t.id}`;
  return { message: TEMPLATE_TEXT.deleted };
}
