import {
  AIVA_FILE_NAME,
  ASSISTANT_REPLY_KEYS,
  AppError,
  checkAssistantFile,
  replyKeyOfFile,
  tplFileName,
  type AssistantFile,
  type AssistantFileKind,
  type AssistantReplyKey,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from '../admin/audit';
import { requireStore } from '../admin/guard';
import { findReplyTemplate } from '../assistant-loop/replies';

/** The content of an intent-rules file nobody saved: no rules, the classifier decides alone. */
export const EMPTY_AIVA = `${JSON.stringify({ rules: [] }, null, 2)}\n`;

export type FileScope = { storeId: number; divisionId: string };

async function scopeOf(sql: Sql, user: SessionUser, s: FileScope, action: 'ASSISTANT_DEVELOP' | 'ASSISTANT_CONFIGURE' = 'ASSISTANT_DEVELOP') {
  const place = await requireStore(sql, user, action, s.storeId);
  return place;
}

type VersionRow = { version: number; fileContent: string; createdOn: Date; restoredFrom: number | null; createdBy: string | null };

async function latest(sql: Sql, s: FileScope, fileName: string): Promise<VersionRow | null> {
  const [row] = await sql<VersionRow[]>`
    select v.version, v.file_content, v.created_on, v.restored_from, u.username as created_by from assistant_file_version v
    left join app_user u on u.id = v.created_by
    where v.store_id = ${s.storeId} and v.division_id = ${s.divisionId} and v.file_name = ${fileName}
    order by v.version desc limit 1`;
  return row ?? null;
}

/** Every reply template as the store's division uses it now (its own, else the enterprise's, else the product's). */
export async function listTemplateFiles(sql: Sql, user: SessionUser, s: FileScope): Promise<AssistantFile[]> {
  const place = await scopeOf(sql, user, s);
  const out: AssistantFile[] = [];
  for (const key of ASSISTANT_REPLY_KEYS) {
    const fileName = tplFileName(key);
    const saved = await latest(sql, s, fileName);
    const content = saved?.fileContent ?? (await findReplyTemplate(sql, { enterpriseId: place.enterpriseId, storeId: s.storeId, divisionId: s.divisionId, serviceType: 'CHECK_UP' }, key)) ?? '';
    out.push({ fileName, fileContent: content, kind: 'tpl', version: saved?.version ?? 0, updatedOn: saved?.createdOn.toISOString() ?? null });
  }
  return out;
}

export async function listAivaFiles(sql: Sql, user: SessionUser, s: FileScope): Promise<AssistantFile[]> {
  await scopeOf(sql, user, s);
  const saved = await latest(sql, s, AIVA_FILE_NAME);
  return [{ fileName: AIVA_FILE_NAME, fileContent: saved?.fileContent ?? EMPTY_AIVA, kind: 'aiva', version: saved?.version ?? 0, updatedOn: saved?.createdOn.toISOString() ?? null }];
}

/** The file names of a store's assistant and the tenant they belong to (aiva fileNames, tenant aiva). */
export async function aivaFileNames(sql: Sql, user: SessionUser, s: FileScope) {
  await scopeOf(sql, user, s, 'ASSISTANT_CONFIGURE');
  const [a] = await sql<{ isFullyAiva: boolean }[]>`select is_fully_aiva from assistant where store_id = ${s.storeId} and division_id = ${s.divisionId} order by initializer_process_enabled desc, id limit 1`;
  return { fileNames: [AIVA_FILE_NAME, ...ASSISTANT_REPLY_KEYS.map(tplFileName)], tenant: { storeId: s.storeId, divisionId: s.divisionId, isFullyAiva: a?.isFullyAiva ?? false } };
}

const kindOf = (fileName: string): AssistantFileKind => (fileName === AIVA_FILE_NAME ? 'aiva' : 'tpl');

/** Makes a template version the one the assistant sends: the store division's reply template. */
async function applyTemplate(tx: Sql, enterpriseId: number, s: FileScope, key: AssistantReplyKey, body: string) {
  const updated = await tx`update custom_template set body = ${body}, updated_on = now()
    where enterprise_id = ${enterpriseId} and store_id = ${s.storeId} and division_id = ${s.divisionId} and intent = ${key}
      and owner_user_id is null and service_type = 'CHECK_UP'`;
  if (updated.count === 0) {
    await tx`insert into custom_template (enterprise_id, store_id, division_id, service_type, title, body, intent)
      values (${enterpriseId}, ${s.storeId}, ${s.divisionId}, 'CHECK_UP', ${`Assistant: ${key}`}, ${body}, ${key})`;
  }
}

async function writeVersion(sql: Sql, user: SessionUser, s: FileScope, fileName: string, content: string, restoredFrom: number | null): Promise<AssistantFile> {
  const place = await scopeOf(sql, user, s);
  const check = checkAssistantFile(fileName, content);
  if (!check.ok) {
    throw new AppError('VALIDATION_FAILED', check.errors[0]!.message, check.errors.map((e) => ({ field: e.field === 'fileName' ? 'body.fileName' : e.field === 'fileContent' ? 'body.fileContent' : `body.fileContent.${e.field}`, message: e.message })));
  }
  const key = replyKeyOfFile(fileName);
  const saved = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    // One writer at a time per file: the version numbers stay a sequence.
    await tx`select pg_advisory_xact_lock(hashtext(${`assistant-file:${s.storeId}:${s.divisionId}:${fileName}`}))`;
    const before = await latest(tx, s, fileName);
    const version = (before?.version ?? 0) + 1;
    await tx`insert into assistant_file_version (enterprise_id, store_id, division_id, kind, file_name, file_content, version, restored_from, created_by)
      values (${place.enterpriseId}, ${s.storeId}, ${s.divisionId}, ${kindOf(fileName)}, ${fileName}, ${content}, ${version}, ${restoredFrom}, ${user.userId})`;
    if (key) await applyTemplate(tx, place.enterpriseId, s, key, content);
    await recordAudit(tx, user, {
      enterpriseId: place.enterpriseId, action: restoredFrom ? 'ROLLBACK' : 'UPDATE', entity: 'assistant_file', entityId: `${s.storeId}:${s.divisionId}:${fileName}`,
      before: before ? { version: before.version, fileContent: before.fileContent } : null, after: { version, fileContent: content },
    });
    return { version, createdOn: new Date() };
  });
  return { fileName, fileContent: content, kind: kindOf(fileName), version: saved.version, updatedOn: saved.createdOn.toISOString() };
}

/** Saves a file (validated first); the new version is what the assistant uses from now on. */
export function saveFile(sql: Sql, user: SessionUser, s: FileScope & { fileName: string; fileContent: string }): Promise<AssistantFile> {
  return writeVersion(sql, user, s, s.fileName, s.fileContent, null);
}

export async function fileVersions(sql: Sql, user: SessionUser, s: FileScope & { fileName: string }) {
  await scopeOf(sql, user, s);
  const rows = await sql<VersionRow[]>`
    select v.version, v.file_content, v.created_on, v.restored_from, u.username as created_by from assistant_file_version v
    left join app_user u on u.id = v.created_by
    where v.store_id = ${s.storeId} and v.division_id = ${s.divisionId} and v.file_name = ${s.fileName} order by v.version desc`;
  return rows.map((r) => ({ version: r.version, restoredFrom: r.restoredFrom, createdBy: r.createdBy, createdOn: r.createdOn.toISOString(), fileContent: r.fileContent }));
}

/** Rolls a file back: a new version with an older version's content. */
export async function rollbackFile(sql: Sql, user: SessionUser, s: FileScope & { fileName: string; version: number }): Promise<AssistantFile> {
  await scopeOf(sql, user, s);
  const [old] = await sql<{ fileContent: string }[]>`select file_content from assistant_file_version
    where store_id = ${s.storeId} and division_id = ${s.divisionId} and file_name = ${s.fileName} and version = ${s.version}`;
  if (!old) throw new AppError('NOT_FOUND', `Version ${s.version} of ${s.fileName} does not exist`, [{ field: 'body.version', message: 'unknown version' }]);
  return writeVersion(sql, user, s, s.fileName, old.fileContent, s.version);
}
