import { AppError, DATA_SYNC_MESSAGES, isoDayInZone, wallTimeAt, type Scheduler, type SchedulerDetails, type SchedulerInput } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { assertEnterprise, assertManager, assertStorePlace, visibleStoreIds } from '../access';
import { selectRuns, toSyncRun } from './history';
import { runSync } from './run-sync';

type Row = {
  id: number;
  enterpriseId: number;
  storeId: number | null;
  storeName: string | null;
  apiName: Scheduler['apiName'];
  cron: string;
  timeZone: string;
  enabled: boolean;
  lastRunOn: Date | null;
  createdOn: Date;
};

/** HH:mm of a daily cron line "m h * * *". */
const runAtOf = (cron: string) => {
  const [m, h] = cron.split(' ');
  return `${h!.padStart(2, '0')}:${m!.padStart(2, '0')}`;
};

const toScheduler = (r: Row): Scheduler => ({
  id: r.id,
  enterpriseId: r.enterpriseId,
  storeIdFk: r.storeId,
  storeName: r.storeName,
  apiName: r.apiName,
  runAt: runAtOf(r.cron),
  timeZone: r.timeZone,
  enabled: r.enabled,
  lastRunOn: r.lastRunOn?.toISOString() ?? null,
  createdOn: r.createdOn.toISOString(),
});

const select = (sql: Sql) => sql`
  select c.id, c.enterprise_id, c.store_id, s.store_name, c.api_name, c.cron, c.time_zone, c.enabled, c.last_run_on, c.created_on
  from sync_scheduler c left join store s on s.id = c.store_id`;

/**
 * A daily scheduler of an enterprise, or of one of its stores; its time is in the store's zone
 * (the enterprise's first store's for an enterprise scheduler). One per enterprise, store and API name.
 */
export async function createScheduler(sql: Sql, user: SessionUser, input: SchedulerInput): Promise<Scheduler> {
  assertManager(user);
  assertEnterprise(user, input.enterpriseId);
  if (input.storeIdFk) await assertStorePlace(sql, user, { storeId: input.storeIdFk, enterpriseId: input.enterpriseId });
  else if (user.empLevel !== 'SUPER' && user.empLevel !== 'ENTERPRISE') throw new AppError('FORBIDDEN', 'Only enterprise users schedule syncs for the whole enterprise; choose a store');
  const [zone] = await sql<{ timeZone: string }[]>`
    select s.office_time_zone as time_zone from store s join boc b on b.id = s.boc_id
    where b.enterprise_id = ${input.enterpriseId} and (${input.storeIdFk ?? null}::bigint is null or s.id = ${input.storeIdFk ?? null})
    order by s.id limit 1`;
  if (!zone) throw new AppError('VALIDATION_FAILED', DATA_SYNC_MESSAGES.schedulerFailed, [{ field: 'body.enterpriseId', message: 'the enterprise has no stores' }]);
  const [h, m] = input.runAt.split(':').map(Number);
  const [row] = await sql<{ id: number }[]>`
    insert into sync_scheduler (enterprise_id, store_id, api_name, cron, time_zone, created_by)
    values (${input.enterpriseId}, ${input.storeIdFk ?? null}, ${input.apiName}, ${`${m} ${h} * * *`}, ${zone.timeZone}, ${user.userId})
    on conflict do nothing returning id`;
  if (!row) throw new AppError('CONFLICT', DATA_SYNC_MESSAGES.schedulerFailed, [{ field: 'body.apiName', message: 'a scheduler for this API name and place already exists' }]);
  return getScheduler(sql, user, row.id);
}

async function getScheduler(sql: Sql, user: SessionUser, id: number): Promise<Scheduler> {
  const [row] = await sql<Row[]>`${select(sql)} where c.id = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', `Scheduler ${id} does not exist`, [{ field: 'schedulerId', message: 'unknown scheduler' }]);
  assertEnterprise(user, row.enterpriseId);
  if (row.storeId !== null) await assertStorePlace(sql, user, { storeId: row.storeId });
  return toScheduler(row);
}

/** Schedulers of an enterprise (the API-name list): the enterprise's own and those of the stores the user sees. */
export async function listSchedulers(sql: Sql, user: SessionUser, enterpriseId: number, storeIdFk?: number): Promise<Scheduler[]> {
  const stores = await visibleStoreIds(sql, user, enterpriseId);
  if (storeIdFk !== undefined) await assertStorePlace(sql, user, { storeId: storeIdFk, enterpriseId });
  const rows = await sql<Row[]>`
    ${select(sql)} where c.enterprise_id = ${enterpriseId}
      and (c.store_id is null or c.store_id = any(${stores}::bigint[]))
      ${storeIdFk !== undefined ? sql`and (c.store_id is null or c.store_id = ${storeIdFk})` : sql``}
    order by c.store_id nulls first, c.api_name`;
  return rows.map(toScheduler);
}

export async function schedulerDetails(sql: Sql, user: SessionUser, id: number): Promise<SchedulerDetails> {
  const scheduler = await getScheduler(sql, user, id);
  const stores = await visibleStoreIds(sql, user, scheduler.enterpriseId);
  const runs = await sql<Parameters<typeof toSyncRun>[0][]>`
    ${selectRuns(sql)} where r.trigger = 'SCHEDULED' and r.enterprise_id = ${scheduler.enterpriseId}
      and r.store_id = any(${scheduler.storeIdFk ? [scheduler.storeIdFk] : stores}::bigint[])
    order by r.started_on desc limit 20`;
  return { ...scheduler, recentRuns: runs.map(toSyncRun) };
}

type DueLogger = { warn: (obj: object, msg?: string) => void };

/**
 * Runs the schedulers whose time has come today in their zone and that have not run today there
 * (a missed minute is caught up at the next tick). Each is claimed by one update, so two
 * processes never run it twice. An enterprise scheduler syncs every store of the enterprise with a
 * dealer-system source and no scheduler of its own for the same API name. Returns the runs made.
 */
export async function runDueSchedulers(sql: Sql, now = new Date(), logger?: DueLogger): Promise<number[]> {
  const candidates = await sql<Row[]>`${select(sql)} where c.enabled`;
  const runs: number[] = [];
  for (const c of candidates) {
    const wall = wallTimeAt(now, c.timeZone);
    const hhmm = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
    if (hhmm < runAtOf(c.cron)) continue;
    if (c.lastRunOn && isoDayInZone(c.lastRunOn, c.timeZone) === isoDayInZone(now, c.timeZone)) continue;
    const [claimed] = await sql<{ id: number }[]>`
      update sync_scheduler set last_run_on = ${now} where id = ${c.id} and last_run_on is not distinct from ${c.lastRunOn} returning id`;
    if (!claimed) continue;
    const stores = c.storeId !== null
      ? [c.storeId]
      : (await sql<{ id: number }[]>`
          select s.id from store s join boc b on b.id = s.boc_id
          where b.enterprise_id = ${c.enterpriseId}
            and exists (select 1 from data_source d where d.boc_id = s.boc_id and d.enabled and d.kind <> 'SPREADSHEET' and (d.store_id = s.id or d.store_id is null))
            and not exists (select 1 from sync_scheduler o where o.store_id = s.id and o.api_name = ${c.apiName} and o.enabled)
          order by s.id`).map((s) => s.id);
    for (const storeId of stores) {
      try {
        runs.push(await runSync(sql, { storeId, apiName: c.apiName, trigger: 'SCHEDULED', now }));
      } catch (error) {
        // Recorded on the run and the source, which the store's managers see; the other stores go on.
        logger?.warn({ err: error, schedulerId: c.id, storeId }, 'scheduled sync failed');
      }
    }
  }
  return runs;
}
