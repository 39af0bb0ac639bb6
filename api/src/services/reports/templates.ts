import { AppError, type ReportTemplate, type ReportTemplateInput, type ReportTemplateUpdate } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { resolveReportScope } from './scope';

type Row = { id: number; enterpriseId: number; name: string; reportKey: string; filter: ReportTemplate['filter']; createdOn: Date; updatedOn: Date };

const out = (r: Row): ReportTemplate => ({
  id: r.id,
  enterpriseId: r.enterpriseId,
  name: r.name,
  reportKey: r.reportKey as ReportTemplate['reportKey'],
  filter: r.filter,
  createdOn: r.createdOn.toISOString(),
  updatedOn: r.updatedOn.toISOString(),
});

/** The template's BOCs and stores must be the enterprise's and within the user's access, as a report's are. */
async function checkScope(sql: Sql, user: SessionUser, enterpriseId: number, input: ReportTemplateInput): Promise<void> {
  await resolveReportScope(sql, user, { enterpriseId, bocIds: input.filter.bocIds ?? [], storeIds: input.filter.storeIds ?? [] });
}

const duplicate = () => new AppError('CONFLICT', 'A report template of this name already exists', [{ field: 'body.name', message: 'already used by another template' }]);
const isUnique = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** The enterprise's templates, by name. */
export async function listReportTemplates(sql: Sql, user: SessionUser, enterpriseId: number): Promise<ReportTemplate[]> {
  await resolveReportScope(sql, user, { enterpriseId, bocIds: [], storeIds: [] });
  const rows = await sql<Row[]>`
    select id, enterprise_id, name, report_key, filter, created_on, updated_on from report_template
    where enterprise_id = ${enterpriseId} order by lower(name), id`;
  return rows.map(out);
}

export async function createReportTemplate(sql: Sql, user: SessionUser, enterpriseId: number, input: ReportTemplateInput): Promise<ReportTemplate> {
  await checkScope(sql, user, enterpriseId, input);
  try {
    const [row] = await sql<Row[]>`
      insert into report_template (enterprise_id, name, report_key, filter, created_by)
      values (${enterpriseId}, ${input.name}, ${input.reportKey}, ${sql.json(input.filter as never)}, ${user.userId})
      returning id, enterprise_id, name, report_key, filter, created_on, updated_on`;
    return out(row!);
  } catch (err) {
    if (isUnique(err)) throw duplicate();
    throw err;
  }
}

export async function updateReportTemplate(sql: Sql, user: SessionUser, enterpriseId: number, input: ReportTemplateUpdate): Promise<ReportTemplate> {
  await checkScope(sql, user, enterpriseId, input);
  try {
    const [row] = await sql<Row[]>`
      update report_template set name = ${input.name}, report_key = ${input.reportKey}, filter = ${sql.json(input.filter as never)}, updated_on = now()
      where id = ${input.id} and enterprise_id = ${enterpriseId}
      returning id, enterprise_id, name, report_key, filter, created_on, updated_on`;
    if (!row) throw new AppError('NOT_FOUND', 'No such report template in this enterprise', [{ field: 'body.id', message: 'unknown template' }]);
    return out(row);
  } catch (err) {
    if (isUnique(err)) throw duplicate();
    throw err;
  }
}
