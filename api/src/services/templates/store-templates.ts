import {
  AppError,
  TEMPLATE_TEXT,
  expandMergeFields,
  htmlToSmsText,
  saveStoreTemplateSchema,
  type CustomTemplate,
  type PopulatedQuery,
  type PopulatedTemplates,
  type StoreDivisionQuery,
  type TemplateBody,
  type TemplateSource,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { assertStoreAccess } from '../org/scope';
import { loadMergeValues } from './merge-values';
import { canEditSharedTemplates, loadEditableTemplate, loadUsableTemplate, templateColumns, type TemplateRow } from './template-access';
import { toTemplateDto } from './template-dto';

/** The division the service-side calls work in (the spec fixes the service lookup to DIV004). */
export const SERVICE_DIVISION = 'DIV004';
/** Sales-side calls take the division asked for when it is a sales one, else Sales (Pre Sales). */
const SALES_DIVISIONS = new Set(['DIV001', 'DIV002', 'DIV003', 'DIV005']);
export const salesDivision = (asked: string) => (SALES_DIVISIONS.has(asked) ? asked : 'DIV001');

/** companyId must be the BOC of officeId: a mismatched pair is refused rather than guessed. */
async function assertStoreDivision(sql: Sql, user: SessionUser, q: StoreDivisionQuery): Promise<void> {
  const place = await assertStoreAccess(sql, user, q.officeId);
  if (place.bocId !== q.companyId) {
    throw new AppError('VALIDATION_FAILED', `Store ${q.officeId} is not in company ${q.companyId}`, [
      { field: 'query.companyId', message: 'not the store’s company' },
    ]);
  }
}

/** `GET /templateCustom`: the store division's templates. */
export async function listStoreTemplates(sql: Sql, user: SessionUser, q: StoreDivisionQuery): Promise<CustomTemplate[]> {
  await assertStoreDivision(sql, user, q);
  const rows = await sql<TemplateRow[]>`
    select ${templateColumns(sql)} from custom_template t
    where t.store_id = ${q.officeId} and t.division_id = ${q.divisionId}
    order by lower(t.title), t.id`;
  return rows.map((t) => toTemplateDto(t, user));
}

/** `POST /templateCustom`: adds a store division template, or updates the one templateId names. */
export async function saveStoreTemplate(
  sql: Sql,
  user: SessionUser,
  q: StoreDivisionQuery,
  input: z.output<typeof saveStoreTemplateSchema>,
): Promise<{ message: string; template: CustomTemplate }> {
  await assertStoreDivision(sql, user, q);
  if (!canEditSharedTemplates(user)) throw new AppError('FORBIDDEN', 'Only administrators and managers can change store templates');
  if (input.templateId) {
    const t = await loadEditableTemplate(sql, user, input.templateId);
    if (t.storeId !== q.officeId || t.divisionId !== q.divisionId) {
      throw new AppError('VALIDATION_FAILED', 'The template is not one of this store division', [{ field: 'body.templateId', message: 'other store' }]);
    }
    const [row] = await sql<TemplateRow[]>`
      update custom_template t set title = ${input.title}, body = ${input.body}, service_type = ${input.serviceType}, updated_on = now()
      where t.id = ${t.id} returning ${templateColumns(sql)}`;
    return { message: TEMPLATE_TEXT.updated, template: toTemplateDto(row!, user) };
  }
  const [store] = await sql<{ enterpriseId: number }[]>`select b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${q.officeId}`;
  const [row] = await sql<TemplateRow[]>`
    insert into custom_template as t (enterprise_id, store_id, division_id, service_type, title, body)
    values (${store!.enterpriseId}, ${q.officeId}, ${q.divisionId}, ${input.serviceType}, ${input.title}, ${input.body})
    returning ${templateColumns(sql)}`;
  return { message: TEMPLATE_TEXT.added, template: toTemplateDto(row!, user) };
}

/**
 * Every template the user may use in a store division, of the kinds `source` asks for: their
 * personal ones, their enterprise's group ones and the store division's own.
 */
export async function usableTemplates(
  sql: Sql,
  user: SessionUser,
  q: StoreDivisionQuery & { source: TemplateSource },
): Promise<CustomTemplate[]> {
  await assertStoreDivision(sql, user, q);
  const [store] = await sql<{ enterpriseId: number }[]>`select b.enterprise_id from store s join boc b on b.id = s.boc_id where s.id = ${q.officeId}`;
  const want = (kind: TemplateSource) => q.source === 'ALL' || q.source === kind;
  const rows = await sql<TemplateRow[]>`
    select ${templateColumns(sql)} from custom_template t
    where (${want('PERSONAL')} and t.owner_user_id = ${user.userId})
       or (${want('GROUP')} and t.enterprise_id = ${store!.enterpriseId} and t.owner_user_id is null and t.store_id is null)
       or (${want('STORE')} and t.store_id = ${q.officeId} and t.division_id = ${q.divisionId})
    order by (t.owner_user_id is null), (t.store_id is null), lower(t.title), t.id`;
  return rows.map((t) => toTemplateDto(t, user));
}

/**
 * The populated calls: the merge values of the interaction named (futureServiceInteractionId, else
 * contactId), or of the store division's latest conversation as a sample when none is named, and
 * every usable template of the division filled in with them. templateCode narrows the templates
 * to one service type (or one template id); moc SMS gives plain text, EMAIL keeps the HTML.
 */
export async function populatedTemplates(sql: Sql, user: SessionUser, q: PopulatedQuery): Promise<PopulatedTemplates> {
  const templates = await usableTemplates(sql, user, { ...q, source: 'ALL' });
  let interactionId = q.futureServiceInteractionId ?? q.contactId ?? null;
  let sample = false;
  if (interactionId !== null) {
    const f = await loadInteractionForUser(sql, user, interactionId, 'query.futureServiceInteractionId');
    if (f.storeId !== q.officeId) {
      throw new AppError('VALIDATION_FAILED', 'The conversation is not one of this store', [{ field: 'query.futureServiceInteractionId', message: 'other store' }]);
    }
  } else {
    const [latest] = await sql<{ id: number }[]>`
      select id from future_service_interaction where store_id = ${q.officeId}
      order by (division_id = ${q.divisionId}) desc, coalesce(last_message_received_date, created_on) desc, id desc limit 1`;
    interactionId = latest?.id ?? null;
    sample = interactionId !== null;
  }
  const values = interactionId === null ? null : await loadMergeValues(sql, interactionId);
  const code = q.templateCode?.trim();
  const chosen = code ? templates.filter((t) => t.serviceType === code || String(t.id) === code) : templates;
  return {
    futureServiceInteractionId: interactionId,
    sample,
    values,
    templates: chosen.map((t) => {
      const filled = values ? expandMergeFields(t.body, values) : t.body;
      return { ...t, populatedBody: q.moc === 'SMS' ? htmlToSmsText(filled) : filled };
    }),
  };
}

/** One template's body filled in for an interaction (the template picker's "fetch a body"). */
export async function templateBodyFor(sql: Sql, user: SessionUser, templateId: number, interactionId: number): Promise<TemplateBody> {
  const t = await loadUsableTemplate(sql, user, templateId);
  await loadInteractionForUser(sql, user, interactionId, 'query.futureInteractionId');
  const values = await loadMergeValues(sql, interactionId);
  return { templateId: t.id, futureInteractionId: interactionId, title: t.title, body: values ? expandMergeFields(t.body, values) : t.body };
}
