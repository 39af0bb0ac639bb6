import { AppError, PRE_CSI_LIST, isoDayInZone, type LeadListFilter, type LeadListKind, type LeadListPage, type LeadListPageQuery, type LeadListRow } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { contactLaterOn, DEFAULT_SORT, followUpDue, followUpsDue, listPredicate, orderBy } from './definitions';
import { placeStoreIds } from './place';

type Row = Omit<LeadListRow, 'lastMessageReceivedDate' | 'createdOn' | 'followUpDue' | 'latestMessage'> & {
  lastMessageReceivedDate: Date | null;
  createdOn: Date;
  followUpDue: Date | null;
  latestMessage: { id: number; content: string; direction: string; messageType: string; createdOn: string } | null;
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * Every searchable field of the customer in one text, as the trigram index of migration 00043 holds
 * it. Each field (and "first last") is a part of it, so a match of any field matches it too: it
 * narrows the customers through the index before the exact per-field test.
 */
const customerText = (sql: Sql) => sql`lower(
  coalesce(c.first_name, '') || ' ' || coalesce(c.last_name, '') || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.cellular, '') || ' ' || coalesce(c.custno, '')
)`;

/** The conditions of a filter on `f` (interaction) and `c` (customer), the list's own included. */
function where(sql: Sql, kind: LeadListKind, storeIds: number[], f: LeadListFilter, now: Date) {
  const term = f.search ? likeTerm(f.search) : null;
  const serviceTypes = (f.serviceTypes ?? []).filter((t) => t !== PRE_CSI_LIST);
  return sql`f.store_id in ${sql(storeIds)}
    and ${listPredicate(sql, kind, now, storeIds)}
    ${term ? sql`and ${customerText(sql)} like lower(${term})
      and (c.first_name ilike ${term} or c.last_name ilike ${term} or c.email ilike ${term} or c.cellular ilike ${term}
      or c.custno ilike ${term} or (c.first_name || ' ' || c.last_name) ilike ${term})` : sql``}
    ${serviceTypes.length ? sql`and f.service_type in ${sql(serviceTypes)}` : sql``}
    ${f.stages?.length ? sql`and f.lead_stage in ${sql(f.stages)}` : sql``}
    ${f.aiEnabled !== undefined ? sql`and f.ai_enabled = ${f.aiEnabled}` : sql``}
    ${f.appointmentSet !== undefined ? sql`and f.appointment_set = ${f.appointmentSet}` : sql``}
    ${f.responseRequired !== undefined ? sql`and f.response_reqd = ${f.responseRequired}` : sql``}
    ${f.customerTypes?.length ? sql`and c.customer_type in ${sql(f.customerTypes)}` : sql``}
    ${f.from ? sql`and f.last_message_received_date >= ${f.from}::date` : sql``}
    ${f.to ? sql`and f.last_message_received_date < ${f.to}::date + 1` : sql``}
    ${f.followUpsDue ? sql`and ${followUpsDue(sql, f.followUpsDue, now)}` : sql``}`;
}

/** Lists whose own condition reads the customer (opt-out, mobile number). */
const CUSTOMER_LISTS: LeadListKind[] = ['TCPA', 'SMART_FOLLOW_UP', 'AUTOMATED'];

/**
 * Whether the customer must be joined to decide membership; when not, the count and the page's
 * ids read the interactions alone (the page joins it for its order only when sorting by name).
 */
function whereNeedsCustomer(kind: LeadListKind, f: LeadListFilter): boolean {
  return CUSTOMER_LISTS.includes(kind) || !!f.search || !!f.customerTypes?.length;
}

function checkRange(f: LeadListFilter) {
  if (f.from && f.to && f.from > f.to) throw new AppError('VALIDATION_FAILED', 'The first day comes after the last', [{ field: 'body.from', message: 'after body.to' }]);
  for (const k of ['from', 'to'] as const) {
    const v = f[k];
    if (v && Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw new AppError('VALIDATION_FAILED', `${v} is not a day`, [{ field: `body.${k}`, message: 'not a calendar day' }]);
    if (v && isoDayInZone(new Date(`${v}T12:00:00Z`), 'UTC') !== v) throw new AppError('VALIDATION_FAILED', `${v} is not a day`, [{ field: `body.${k}`, message: 'not a calendar day' }]);
  }
}

/**
 * Counting stops here: past it the answer is "at least this many" (`totalCapped`), which keeps the
 * first page of a list over a whole enterprise as quick as one over a store. A page further on
 * counts to its own end and one beyond, so the next page is always known to exist or not.
 */
export const LIST_COUNT_CAP = 1000;

type ListQuery = { kind: LeadListKind; filter: LeadListFilter; page: LeadListPageQuery; now: Date; storeIds: number[] };

/** The page's rows and its (capped) count as two queries, for the given stores. */
export function leadListQueries(sql: Sql, q: ListQuery) {
  const { kind, filter, page, now, storeIds } = q;
  const sort = filter.sort ?? DEFAULT_SORT[kind]?.sort ?? 'lastActivity';
  const direction = filter.direction ?? (filter.sort ? 'desc' : DEFAULT_SORT[kind]?.direction ?? 'desc');
  const cond = where(sql, kind, storeIds, filter, now);
  const withCustomer = sql`future_service_interaction f join customer c on c.id = f.customer_id`;
  const countFrom = whereNeedsCustomer(kind, filter) ? withCustomer : sql`future_service_interaction f`;
  const pageFrom = whereNeedsCustomer(kind, filter) || sort === 'customerName' ? withCustomer : sql`future_service_interaction f`;
  const offset = page.page * page.size;
  const countTo = Math.max(LIST_COUNT_CAP, offset + page.size) + 1;
  // Many matches: walk the list's order and stop at the page. Few (the count stayed under its
  // cap): find them by the filter's own index first, then order those alone, so a filter that
  // matches nothing never walks a whole store in order looking for a first row.
  const pageIds = sql`select f.id from ${pageFrom} where ${cond} order by ${orderBy(sql, sort, direction)} limit ${page.size} offset ${offset}`;
  const fewIds = sql`with matches as materialized (select f.id from ${countFrom} where ${cond})
    select f.id from matches m join future_service_interaction f on f.id = m.id
      ${sort === 'customerName' ? sql`join customer c on c.id = f.customer_id` : sql``}
    order by ${orderBy(sql, sort, direction)} limit ${page.size} offset ${offset}`;
  const rows = (few: boolean) => sql<Row[]>`
      select f.id, f.store_id, s.store_name, f.service_type, f.ai_enabled, f.appointment_set, f.conv_closed, f.conversation_initiated,
        f.response_reqd, f.total_inbound_count, f.total_unread_count, f.last_message_received_date, f.created_on, f.response_insight,
        f.lead_stage, f.lead_reason, f.user_followup, ${contactLaterOn(sql)} as contact_later_on, ${followUpDue(sql)} as follow_up_due,
        c.block_sms,
        json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'cellular', c.cellular,
          'email', c.email, 'custno', c.custno, 'customerType', c.customer_type) as customer_master,
        case when v.id is null then null else json_build_object('id', v.id, 'make', v.make, 'model', v.model,
          'year', v.year, 'vin', v.vin) end as service_vehicle,
        (select json_build_object('id', m.id, 'content', m.content, 'direction', m.direction, 'messageType', m.message_type, 'createdOn', m.created_on)
          from message_instance m where m.future_service_interaction_id = f.id and m.message_type <> 'INTERNAL'
          order by m.created_on desc, m.id desc limit 1) as latest_message
      from (${few ? fewIds : pageIds}) p
      join future_service_interaction f on f.id = p.id
      join customer c on c.id = f.customer_id
      join store s on s.id = f.store_id
      left join service_vehicle v on v.id = f.service_vehicle_id
      order by ${orderBy(sql, sort, direction)}`;
  const count = sql<{ n: number }[]>`select count(*)::int as n from (select 1 from ${countFrom} where ${cond} limit ${countTo}) x`;
  return { rows, count, countTo };
}

/**
 * One page of a lead list: the list's own condition, the filter, the user's scope, filtered,
 * sorted and paged on the server (zero-based page). The total counts every match up to
 * LIST_COUNT_CAP (or the page's end), and says when there are more.
 */
export async function searchLeads(
  sql: Sql,
  user: SessionUser,
  o: { kind: LeadListKind; filter: LeadListFilter; page: LeadListPageQuery; now?: Date },
): Promise<LeadListPage> {
  const { kind, filter, page } = o;
  checkRange(filter);
  const storeIds = await placeStoreIds(sql, user, filter);
  if (storeIds.length === 0) return { content: [], page: page.page, size: page.size, totalElements: 0, totalCapped: false };
  const q = leadListQueries(sql, { kind, filter, page, now: o.now ?? new Date(), storeIds });
  const [count] = await q.count;
  const n = count?.n ?? 0;
  const offset = page.page * page.size;
  const rows = offset >= n ? [] : await q.rows(n < q.countTo);
  return {
    content: rows.map((r) => ({
      ...r,
      lastMessageReceivedDate: r.lastMessageReceivedDate?.toISOString() ?? null,
      createdOn: r.createdOn.toISOString(),
      followUpDue: r.followUpDue?.toISOString() ?? null,
      latestMessage: r.latestMessage ? { ...r.latestMessage, createdOn: new Date(r.latestMessage.createdOn).toISOString() } : null,
    })) as LeadListRow[],
    page: page.page,
    size: page.size,
    totalElements: Math.min(n, q.countTo - 1),
    totalCapped: n >= q.countTo,
  };
}
