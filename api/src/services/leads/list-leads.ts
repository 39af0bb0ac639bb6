import { AppError, type Lead, type LeadPage, type LeadQuery } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

type LeadRow = Omit<Lead, 'lastMessageReceivedDate' | 'latestMessage'> & {
  lastMessageReceivedDate: Date | null;
  latestMessage: (Omit<NonNullable<Lead['latestMessage']>, 'createdOn'> & { createdOn: string }) | null;
  total: number;
};

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likeTerm = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** Interactions of the store and division, narrowed by the search term when there is one. */
function leadFilter(sql: Sql, q: LeadQuery, term: string | null) {
  const search = term
    ? sql`and (c.first_name ilike ${term} or c.last_name ilike ${term} or c.email ilike ${term}
        or c.cellular ilike ${term} or c.custno ilike ${term} or (c.first_name || ' ' || c.last_name) ilike ${term})`
    : sql``;
  return sql`f.store_id = ${q.officeId} and f.division_id = ${q.divisionId} ${search}`;
}

/**
 * The lead manager's list for one store: its interactions, most recent activity first, filtered
 * by the spec's search (first or last name, email, cellular or customer number, any case).
 */
export async function listLeads(sql: Sql, user: SessionUser, q: LeadQuery): Promise<LeadPage> {
  const place = await assertStoreAccess(sql, user, q.officeId);
  if (place.bocId !== q.companyId) {
    throw new AppError('VALIDATION_FAILED', 'The store does not belong to this company', [
      { field: 'query.companyId', message: `store ${q.officeId} belongs to company ${place.bocId}` },
    ]);
  }
  const term = q.search ? likeTerm(q.search) : null;
  const rows = await sql<LeadRow[]>`
    select f.id, f.service_type, f.ai_enabled, f.appointment_set, f.conv_closed, f.total_inbound_count,
      f.total_unread_count, f.last_message_received_date, f.response_insight,
      count(*) over ()::int as total,
      json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name, 'cellular', c.cellular,
        'email', c.email, 'custno', c.custno) as customer_master,
      case when v.id is null then null else json_build_object('id', v.id, 'make', v.make, 'model', v.model,
        'year', v.year, 'vin', v.vin) end as service_vehicle,
      (select json_build_object('id', m.id, 'content', m.content, 'direction', m.direction,
          'messageType', m.message_type, 'createdOn', m.created_on)
        from message_instance m
        where m.future_service_interaction_id = f.id and m.message_type <> 'INTERNAL'
        order by m.created_on desc, m.id desc limit 1) as latest_message
    from future_service_interaction f
    join customer c on c.id = f.customer_id
    left join service_vehicle v on v.id = f.service_vehicle_id
    where ${leadFilter(sql, q, term)}
    order by f.last_message_received_date desc nulls last, f.id desc
    limit ${q.size} offset ${q.page * q.size}`;
  // json_build_object keeps inner keys as written, so only the outer columns are camelCased.
  return {
    content: rows.map(({ total: _t, ...r }) => ({
      ...r,
      lastMessageReceivedDate: r.lastMessageReceivedDate?.toISOString() ?? null,
      latestMessage: r.latestMessage ? { ...r.latestMessage, createdOn: new Date(r.latestMessage.createdOn).toISOString() } : null,
    })),
    page: q.page,
    size: q.size,
    totalElements: rows[0]?.total ?? (q.page === 0 ? 0 : await countLeads(sql, q, term)),
  };
}

async function countLeads(sql: Sql, q: LeadQuery, term: string | null): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from future_service_interaction f join customer c on c.id = f.customer_id
    where ${leadFilter(sql, q, term)}`;
  return row?.n ?? 0;
}
