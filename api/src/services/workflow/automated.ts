import {
  AppError,
  INITIATE_OUTCOME_LABELS,
  canAccessEnterprise,
  isoDayInZone,
  isValidTimeZone,
  startOfDayInZone,
  parseIsoDay,
  BUSINESS_TIME_ZONE,
  type AutomatedRun,
  type AutomatedStart,
  type ServiceType,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import type { ServiceDeps } from '../conversations/deps';
import { initiateInteraction } from '../interactions';
import { assertStoreAccess } from '../org/scope';
import { listPredicate } from '../lead-lists/definitions';

/** Most interactions one start takes (ten pages of the automated search). */
export const AUTOMATED_RUN_LIMIT = 5_000;

export function enterpriseOf(user: SessionUser, header: string | undefined): number {
  const id = header ? Number(header) : user.enterpriseId;
  if (!canAccessEnterprise(user, id)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  return id;
}

/** The stores of the enterprise the user may see, with brand and zone. */
async function scopedStores(sql: Sql, user: SessionUser, enterpriseId: number) {
  return sql<{ id: number; storeName: string; brand: string; timezone: string }[]>`
    select s.id, s.store_name, coalesce(s.brand, '') as brand, s.office_time_zone as timezone
    from store s join boc b on b.id = s.boc_id
    where b.enterprise_id = ${enterpriseId}
      ${user.empLevel === 'BOC' ? sql`and b.id = ${user.bocId}` : sql``}
      ${user.empLevel === 'STORE' ? sql`and s.id = ${user.storeId}` : sql``}
    order by s.store_name, s.id`;
}

/** GET /api/store/brand-timezone: each time zone of the enterprise's stores with the brands in it. */
export async function brandTimezones(sql: Sql, user: SessionUser, enterpriseId: number) {
  const byZone = new Map<string, Set<string>>();
  for (const s of await scopedStores(sql, user, enterpriseId)) {
    if (!s.brand) continue;
    const set = byZone.get(s.timezone) ?? new Set<string>();
    set.add(s.brand);
    byZone.set(s.timezone, set);
  }
  return [...byZone.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([timezone, brands]) => ({ timezone, brands: [...brands].sort() }));
}

/** GET /api/store/brands-timezone?zone&brands: the stores of those brands in that zone. */
export async function storesOfBrandsInZone(sql: Sql, user: SessionUser, enterpriseId: number, zone: string, brands: string[]) {
  return (await scopedStores(sql, user, enterpriseId)).filter((s) => s.timezone === zone && brands.includes(s.brand));
}

/** Each store in the user's scope (403) and, when the call names one, of that enterprise (400 naming the header). */
async function checkStores(sql: Sql, user: SessionUser, storeIds: number[], enterpriseId?: number) {
  for (const id of storeIds) {
    const place = await assertStoreAccess(sql, user, id);
    if (enterpriseId !== undefined && place.enterpriseId !== enterpriseId) {
      throw new AppError('VALIDATION_FAILED', `Store ${id} is not in enterprise ${enterpriseId}`, [{ field: 'header.enterpriseId', message: `not the enterprise of store ${id}` }]);
    }
  }
}

/** The conversations a start would begin: not started, textable, of the stores, type and customer types. */
function candidates(sql: Sql, o: { storeIds: number[]; interactionType?: ServiceType; customerTypes?: string[] }) {
  return sql`from future_service_interaction f join customer c on c.id = f.customer_id
    where f.store_id in ${sql(o.storeIds)} and ${listPredicate(sql, 'AUTOMATED', new Date())}
      ${o.interactionType ? sql`and f.service_type = ${o.interactionType}` : sql``}
      ${o.customerTypes?.length ? sql`and c.customer_type in ${sql(o.customerTypes)}` : sql``}`;
}

/** POST /api/lisa/service-interactions/stores: the interaction types waiting in those stores, with counts. */
export async function interactionTypesOfStores(sql: Sql, user: SessionUser, enterpriseId: number, storeIds: number[]) {
  await checkStores(sql, user, storeIds, enterpriseId);
  return sql<{ interactionType: ServiceType; count: number }[]>`
    select f.service_type as interaction_type, count(*)::int as count ${candidates(sql, { storeIds })}
    group by f.service_type order by f.service_type`;
}

/** GET /api/lisa/service-interactions/customer-type/{interactionId}: customer types of that type's waiting interactions. */
export async function customerTypesOf(sql: Sql, user: SessionUser, enterpriseId: number, storeIds: number[], interactionType: ServiceType) {
  await checkStores(sql, user, storeIds, enterpriseId);
  return sql<{ customerType: string; count: number }[]>`
    select c.customer_type, count(*)::int as count ${candidates(sql, { storeIds, interactionType })}
    group by c.customer_type order by c.customer_type`;
}

type RunRow = Omit<AutomatedRun, 'createdOn' | 'finishedOn'> & { createdOn: Date; finishedOn: Date | null };
const runWire = (r: RunRow): AutomatedRun => ({ ...r, createdOn: r.createdOn.toISOString(), finishedOn: r.finishedOn?.toISOString() ?? null });
const runColumns = (sql: Sql) => sql`r.id, r.status, r.created_on, r.finished_on,
  (select count(*)::int from automated_lm_item i where i.run_id = r.id) as total,
  (select count(*)::int from automated_lm_item i where i.run_id = r.id and i.outcome = 'QUEUED') as initiated,
  (select count(*)::int from automated_lm_item i where i.run_id = r.id and i.error is not null) as failed`;

/**
 * Records a start of the automated conversations: the run and every interaction it will begin,
 * in one transaction; a job then starts them. One run at a time per enterprise: Start stays off
 * until the last run is COMPLETED (or FAILED).
 */
export async function startAutomatedRun(sql: Sql, user: SessionUser, enterpriseId: number, input: AutomatedStart): Promise<AutomatedRun> {
  if (!isValidTimeZone(input.timezone)) throw new AppError('VALIDATION_FAILED', `${input.timezone} is not a time zone`, [{ field: 'body.timezone', message: 'unknown time zone' }]);
  await checkStores(sql, user, input.storeIds);
  const stores = await scopedStores(sql, user, enterpriseId);
  for (const id of input.storeIds) {
    const s = stores.find((x) => x.id === id);
    if (!s) throw new AppError('VALIDATION_FAILED', `Store ${id} is not of this enterprise`, [{ field: 'body.storeIds', message: `store ${id} is not of enterprise ${enterpriseId}` }]);
    if (s.timezone !== input.timezone || !input.brands.includes(s.brand)) {
      throw new AppError('VALIDATION_FAILED', `${s.storeName} is not of the chosen brands and time zone`, [{ field: 'body.storeIds', message: `store ${id} does not match` }]);
    }
  }
  const run = await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext('automated-lm'), ${enterpriseId}::int)`;
    const [busy] = await tx`select id from automated_lm_run where enterprise_id = ${enterpriseId} and status in ('QUEUED', 'RUNNING') limit 1`;
    if (busy) throw new AppError('CONFLICT', 'An automated run is already under way', [{ field: 'body', message: `run ${busy.id} is not finished` }]);
    const [r] = await tx<{ id: number }[]>`
      insert into automated_lm_run (enterprise_id, requested_by, time_zone, brands, store_ids, interaction_type, customer_types)
      values (${enterpriseId}, ${user.userId}, ${input.timezone}, ${input.brands}, ${input.storeIds}, ${input.interactionType}, ${input.customerTypes})
      returning id`;
    await tx`insert into automated_lm_item (run_id, future_service_interaction_id)
      select ${r!.id}, f.id ${candidates(tx as unknown as Sql, { storeIds: input.storeIds, interactionType: input.interactionType, customerTypes: input.customerTypes })}
      order by f.created_on, f.id limit ${AUTOMATED_RUN_LIMIT}`;
    const [row] = await tx<RunRow[]>`select ${runColumns(tx as unknown as Sql)} from automated_lm_run r where r.id = ${r!.id}`;
    return row!;
  });
  return runWire(run);
}

/** Starts each interaction of a run in turn (not forced); a refusal or an outcome other than a queued text is a failed item. */
export async function runAutomatedRun(deps: ServiceDeps, runId: number): Promise<AutomatedRun | null> {
  const [run] = await deps.sql<{ id: number; status: string; requestedBy: number }[]>`
    update automated_lm_run set status = 'RUNNING' where id = ${runId} and status in ('QUEUED', 'RUNNING') returning id, status, requested_by`;
  if (!run) return null;
  const items = await deps.sql<{ id: number }[]>`
    select future_service_interaction_id as id from automated_lm_item where run_id = ${runId} and done_on is null order by future_service_interaction_id`;
  for (const { id } of items) {
    let outcome: string;
    let error: string | null = null;
    try {
      const r = await initiateInteraction(deps, { interactionId: id });
      outcome = r.outcome;
      if (r.outcome !== 'QUEUED' && r.outcome !== 'ALREADY_INITIATED') error = INITIATE_OUTCOME_LABELS[r.outcome];
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      outcome = 'REFUSED';
      error = err.message;
    }
    await deps.sql`update automated_lm_item set outcome = ${outcome}, error = ${error}, done_on = now() where run_id = ${runId} and future_service_interaction_id = ${id}`;
  }
  const [done] = await deps.sql<RunRow[]>`
    with u as (update automated_lm_run set status = 'COMPLETED', finished_on = now() where id = ${runId} returning *)
    select ${runColumns(deps.sql)} from u r`;
  return done ? runWire(done) : null;
}

/** The enterprise's latest run (NONE before the first). */
export async function automatedStatus(sql: Sql, enterpriseId: number) {
  const [r] = await sql<RunRow[]>`select ${runColumns(sql)} from automated_lm_run r where r.enterprise_id = ${enterpriseId} order by r.id desc limit 1`;
  return r ? { status: r.status, run: runWire(r) } : { status: 'NONE' as const, run: null };
}

/** The failed interactions of the latest run. */
export async function automatedFailed(sql: Sql, enterpriseId: number) {
  return sql<{ futureServiceInteractionId: number; customerName: string; error: string }[]>`
    select i.future_service_interaction_id, trim(c.first_name || ' ' || c.last_name) as customer_name, i.error
    from automated_lm_item i join future_service_interaction f on f.id = i.future_service_interaction_id join customer c on c.id = f.customer_id
    where i.run_id = (select max(id) from automated_lm_run where enterprise_id = ${enterpriseId}) and i.error is not null
    order by i.future_service_interaction_id limit 1000`;
}

/** Today's report in the zone: runs started today, interactions taken, started, failed, and how many customers replied. */
export async function automatedTodayReport(sql: Sql, enterpriseId: number, zone: string | undefined) {
  const z = zone && isValidTimeZone(zone) ? zone : BUSINESS_TIME_ZONE;
  const day = isoDayInZone(new Date(), z);
  const start = startOfDayInZone(parseIsoDay(day)!, z);
  const [r] = await sql<{ runs: number; total: number; initiated: number; failed: number; responded: number }[]>`
    select count(distinct r.id)::int as runs, count(i.future_service_interaction_id)::int as total,
      count(*) filter (where i.outcome = 'QUEUED')::int as initiated, count(*) filter (where i.error is not null)::int as failed,
      count(*) filter (where i.outcome = 'QUEUED' and f.total_inbound_count > 0)::int as responded
    from automated_lm_run r left join automated_lm_item i on i.run_id = r.id left join future_service_interaction f on f.id = i.future_service_interaction_id
    where r.enterprise_id = ${enterpriseId} and r.created_on >= ${start}`;
  return { day, ...r! };
}
