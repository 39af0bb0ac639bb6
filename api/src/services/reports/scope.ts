import {
  AppError,
  DEFAULT_REPORT_BOC_IDS,
  DEFAULT_REPORT_STORE_IDS,
  canAccessEnterprise,
  canAccessStore,
  defaultReportRange,
  isDemoReportEnterprise,
  rangeInstants,
  type ReportFilter,
  type ReportScope,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';

/** A report's resolved scope, with the instants of its days and the names of its stores. */
export type ResolvedScope = ReportScope & { from: Date; to: Date; storeNames: Map<number, string> };

type StoreRow = { id: number; storeName: string; bocId: number; enterpriseId: number };

/**
 * Which stores and days a report covers. Stores are those of the enterprise in the user's scope,
 * narrowed by the BOCs and stores the body names; a body naming neither gets the spec's defaults
 * (BOCs 2 and 3, stores 3 and 8), kept to what the user may see. Naming a BOC or store outside the
 * user's scope is refused, never silently dropped.
 */
export async function resolveReportScope(sql: Sql, user: SessionUser, filter: ReportFilter, now = new Date()): Promise<ResolvedScope> {
  if (!canAccessEnterprise(user, filter.enterpriseId)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const rows = await sql<StoreRow[]>`
    select s.id, s.store_name, s.boc_id, b.enterprise_id from store s join boc b on b.id = s.boc_id
    where b.enterprise_id = ${filter.enterpriseId} order by s.id`;
  const visible = rows.filter((s) => canAccessStore(user, { storeId: s.id, bocId: s.bocId, enterpriseId: s.enterpriseId }));
  const explicit = filter.bocIds !== undefined || filter.storeIds !== undefined;
  for (const storeId of filter.storeIds ?? []) {
    if (!rows.some((s) => s.id === storeId)) throw new AppError('NOT_FOUND', `Store ${storeId} is not a store of this enterprise`, [{ field: 'storeIds', message: 'unknown store' }]);
    if (!visible.some((s) => s.id === storeId)) throw new AppError('FORBIDDEN', 'A store of the report is outside your access');
  }
  for (const bocId of filter.bocIds ?? []) {
    if (!rows.some((s) => s.bocId === bocId)) throw new AppError('NOT_FOUND', `BOC ${bocId} is not a BOC of this enterprise`, [{ field: 'bocIds', message: 'unknown BOC' }]);
    if (!visible.some((s) => s.bocId === bocId)) throw new AppError('FORBIDDEN', 'A BOC of the report is outside your access');
  }
  const bocIds = explicit ? filter.bocIds : DEFAULT_REPORT_BOC_IDS;
  const storeIds = explicit ? filter.storeIds : DEFAULT_REPORT_STORE_IDS;
  const chosen = visible.filter((s) => (!bocIds?.length || bocIds.includes(s.bocId)) && (!storeIds?.length || storeIds.includes(s.id)));
  const days =
    filter.startDate && filter.endDate
      ? { startDate: filter.startDate, endDate: filter.endDate }
      : { ...defaultReportRange(now), ...(filter.startDate ? { startDate: filter.startDate } : {}), ...(filter.endDate ? { endDate: filter.endDate } : {}) };
  if (days.startDate > days.endDate) throw new AppError('VALIDATION_FAILED', 'endDate must not be before startDate', [{ field: 'endDate', message: 'must not be before startDate' }]);
  const { from, to } = rangeInstants(days);
  return {
    enterpriseId: filter.enterpriseId,
    storeIds: chosen.map((s) => s.id),
    startDate: days.startDate,
    endDate: days.endDate,
    demoFlag: isDemoReportEnterprise(filter.enterpriseId),
    from,
    to,
    storeNames: new Map(chosen.map((s) => [s.id, s.storeName])),
  };
}

/** The scope as the answer carries it. */
export const scopeOut = (s: ResolvedScope): ReportScope => ({
  enterpriseId: s.enterpriseId,
  storeIds: s.storeIds,
  startDate: s.startDate,
  endDate: s.endDate,
  demoFlag: s.demoFlag,
});

/** Narrows a scope to one store of it (a drill-down); FORBIDDEN for a store outside it. */
export function narrowToStore(scope: ResolvedScope, storeId: number | undefined): ResolvedScope {
  if (storeId === undefined) return scope;
  if (!scope.storeIds.includes(storeId)) throw new AppError('FORBIDDEN', 'This store is outside the report', [{ field: 'storeId', message: 'not in the report' }]);
  return { ...scope, storeIds: [storeId] };
}

/** Zero-based paging with the page size capped. */
export function paging(o: { page?: number | undefined; size?: number | undefined }) {
  const size = o.size ?? 25;
  const page = o.page ?? 0;
  return { page, size, offset: page * size };
}
