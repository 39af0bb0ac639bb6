import {
  APPOINTMENT_STATUS_REPORT_LABELS,
  BULK_START_OUTCOME_LABELS,
  FEA_OUTCOME_LABELS,
  HANDOFF_KINDS,
  RESPONSE_CATEGORIES,
  RESPONSE_DELAY_LABELS,
  SMS_OPT_OUT_MARK,
  humanizeCode,
  serviceTypeLabel,
  type BucketReportKey,
  type BucketReportRequest,
  type BucketReportResult,
  type BucketRow,
} from '@drivebay/shared';
import type { PendingQuery, Row } from 'postgres';
import type { Sql } from '../../db/database';

type Fragment = PendingQuery<Row[]>;
import type { SessionUser } from '../auth/sessions';
import { feaRows } from './fea-report';
import { paging, resolveReportScope, scopeOut, type ResolvedScope } from './scope';

/** How a report's bucket codes read (when the SQL gives no label of its own). */
type LabelKind = 'category' | 'serviceType' | 'status' | 'delay' | 'track' | 'count' | 'outcome' | 'fea' | 'given';

type Ctx = { sql: Sql; scope: ResolvedScope; types: string[] | null };

/**
 * Each report is one SELECT of its detail rows with the columns row_key, fsi_id, store_id,
 * customer_id, service_type, bucket, bucket_label, occurred_on, detail. The summary is a GROUP BY
 * over that same SELECT, so a summary always equals the sum of its detail rows.
 */
type Definition = { label: LabelKind; rows: (c: Ctx) => Fragment };

const OUTBOUND = `('SEND', 'SENT')`;
const HANDOFF_TRACK = '%HANDOFF%';

const delayCase = (sql: Sql, seconds: Fragment) => sql`case when ${seconds} is null then 'NOT_ANSWERED'
  when ${seconds} < 180 then 'WITHIN_3_MIN' when ${seconds} <= 300 then 'WITHIN_5_MIN' else 'OVER_5_MIN' end`;

/** Conversations of the report's stores (and service types, when chosen). */
const fsiIn = ({ sql, scope, types }: Ctx, alias = 'i') =>
  sql`${sql(alias)}.store_id = any(${scope.storeIds}) ${types ? sql`and ${sql(alias)}.service_type = any(${types})` : sql``}`;
const within = ({ sql, scope }: Ctx, column: Fragment) => sql`${column} >= ${scope.from} and ${column} < ${scope.to}`;

const factRows = (c: Ctx, column: string, bucket: Fragment, extra = c.sql``) => {
  const { sql } = c;
  return sql`select 'fsi-' || i.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
      ${bucket} as bucket, null::text as bucket_label, f.${sql(column)} as occurred_on, null::text as detail
    from report_interaction_fact f join future_service_interaction i on i.id = f.future_service_interaction_id
    where ${fsiIn(c)} and ${within(c, sql`f.${sql(column)}`)} ${extra}`;
};

const appointmentRows = (c: Ctx, bucket: Fragment, where: Fragment, dateColumn = 'start_date') => {
  const { sql } = c;
  return sql`select 'appt-' || a.id as row_key, i.id as fsi_id, a.store_id, a.customer_id, i.service_type,
      ${bucket} as bucket, null::text as bucket_label, a.${sql(dateColumn)} as occurred_on,
      coalesce(a.title, array_to_string(a.op_codes, ', ')) as detail
    from appointment a join future_service_interaction i on i.id = a.future_service_interaction_id
    where ${fsiIn(c)} and ${within(c, sql`a.${sql(dateColumn)}`)} and ${where}`;
};

const handedOff = (sql: Sql, fsi: Fragment, before?: Fragment) =>
  sql`exists (select 1 from workflow_track_event w where w.future_service_interaction_id = ${fsi} and w.track like ${HANDOFF_TRACK}
    ${before ? sql`and w.created_on <= ${before}` : sql``})`;

const outboundRows = (c: Ctx) => {
  const { sql } = c;
  return sql`from message_instance m join future_service_interaction i on i.id = m.future_service_interaction_id
    left join app_user u on u.id = m.sent_by_user_id
    where ${fsiIn(c)} and m.direction in ${sql.unsafe(OUTBOUND)} and m.message_type in ('SMS', 'EMAIL') and ${within(c, sql`m.created_on`)}`;
};

const indirect = (c: Ctx, column: 'contacted_on' | 'responded_on') => {
  const { sql, scope } = c;
  return sql`select 'appt-' || a.id as row_key, x.fsi_id, a.store_id, a.customer_id, x.service_type,
      a.appt_status as bucket, null::text as bucket_label, a.created_on as occurred_on,
      coalesce(a.title, array_to_string(a.op_codes, ', ')) as detail
    from appointment a
    join lateral (
      select i.id as fsi_id, i.service_type from future_service_interaction i
      join report_interaction_fact f on f.future_service_interaction_id = i.id
      where i.customer_id = a.customer_id and ${fsiIn(c)}
        and f.${sql(column)} <= a.created_on and f.${sql(column)} > a.created_on - interval '30 days'
      order by f.${sql(column)} desc limit 1) x on true
    where a.future_service_interaction_id is null and a.store_id = any(${scope.storeIds}) and ${within(c, sql`a.created_on`)}`;
};

const BULK_OUTCOME = "i.metadata -> 'initiation' ->> 'outcome'";
/**
 * Conversations the bulk starter tried to start: metadata.initiation written without a person
 * (byUserId absent or null; a start from the inbox names its user), dated by its `at`. The detail
 * is the refusal's text or, for a queued text held by quiet hours, when it goes out.
 */
const bulkStarts = (c: Ctx, where: Fragment, today = false) => {
  const { sql } = c;
  const at = sql`(i.metadata -> 'initiation' ->> 'at')::timestamptz`;
  return sql`select 'fsi-' || i.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
      ${sql.unsafe(BULK_OUTCOME)} as bucket, null::text as bucket_label, ${at} as occurred_on,
      coalesce(i.metadata -> 'initiation' ->> 'reason', case when i.metadata -> 'initiation' ->> 'heldUntil' is not null
        then 'Held by quiet hours until ' || (i.metadata -> 'initiation' ->> 'heldUntil') end) as detail
    from future_service_interaction i
    where ${fsiIn(c)} and jsonb_typeof(i.metadata -> 'initiation') = 'object'
      and (i.metadata -> 'initiation' ->> 'byUserId') is null and ${sql.unsafe(BULK_OUTCOME)} is not null
      and ${today ? sql`${at} >= date_trunc('day', now(), 'UTC') and ${at} < date_trunc('day', now(), 'UTC') + interval '1 day'` : within(c, at)}
      and ${where}`;
};

export const DEFINITIONS: Record<BucketReportKey, Definition> = {
  'lead-status': {
    label: 'given',
    rows: (c) => c.sql`select 'fsi-' || i.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
        coalesce(i.lead_stage, 'NOT_STARTED') as bucket, null::text as bucket_label, i.created_on as occurred_on, i.lead_reason as detail
      from future_service_interaction i where ${fsiIn(c)} and ${within(c, c.sql`i.created_on`)}`,
  },
  'no-show': { label: 'serviceType', rows: (c) => appointmentRows(c, c.sql`i.service_type`, c.sql`a.appt_status = 'NO_SHOW'`) },
  'response-count': {
    label: 'count',
    rows: (c) => factRows(c, 'contacted_on', c.sql`case when f.inbound_count >= 3 then '3+' else f.inbound_count::text end`),
  },
  'response-insight': { label: 'category', rows: (c) => factRows(c, 'responded_on', c.sql`coalesce(f.response_insight, 'BLANK')`) },
  'message-response-details': {
    label: 'delay',
    rows: (c) => {
      const { sql } = c;
      return sql`select 'msg-' || m.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
          ${delayCase(sql, sql`extract(epoch from o.answered_on - m.created_on)`)} as bucket, null::text as bucket_label,
          m.created_on as occurred_on, left(m.content, 200) as detail
        from message_instance m join future_service_interaction i on i.id = m.future_service_interaction_id
        left join lateral (select min(o.created_on) as answered_on from message_instance o
          where o.future_service_interaction_id = m.future_service_interaction_id and o.direction in ${sql.unsafe(OUTBOUND)}
            and o.message_type in ('SMS', 'EMAIL') and o.created_on > m.created_on) o on true
        where ${fsiIn(c)} and m.direction = 'RECEIVED' and m.message_type in ('SMS', 'EMAIL') and ${within(c, sql`m.created_on`)}`;
    },
  },
  'opt-out': {
    label: 'given',
    rows: (c) => {
      const { sql, scope } = c;
      return sql`select 'mark-' || k.id as row_key,
          (select max(i.id) from future_service_interaction i where i.customer_id = cu.id) as fsi_id, cu.store_id, cu.id as customer_id,
          null::text as service_type, cu.store_id::text as bucket, s.store_name as bucket_label, k.created_on as occurred_on, cu.cellular as detail
        from mark k join customer cu on cu.id = k.customer_id join store s on s.id = cu.store_id
        where k.target = 'CUSTOMER' and k.intent_type = ${SMS_OPT_OUT_MARK} and cu.store_id = any(${scope.storeIds}) and ${within(c, sql`k.created_on`)}`;
    },
  },
  'no-response': { label: 'serviceType', rows: (c) => factRows(c, 'contacted_on', c.sql`i.service_type`, c.sql`and f.inbound_count = 0`) },
  'gm-handoff-type': {
    label: 'track',
    rows: (c) => c.sql`select 'track-' || w.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
        w.track as bucket, null::text as bucket_label, w.created_on as occurred_on, w.parameter as detail
      from workflow_track_event w join future_service_interaction i on i.id = w.future_service_interaction_id
      where ${fsiIn(c)} and w.track like ${HANDOFF_TRACK} and ${within(c, c.sql`w.created_on`)}`,
  },
  'gm-response-insight': {
    label: 'category',
    rows: (c) => factRows(c, 'responded_on', c.sql`coalesce(f.response_insight, 'BLANK')`, c.sql`and ${handedOff(c.sql, c.sql`i.id`)}`),
  },
  'gm-first-response': {
    label: 'delay',
    rows: (c) => factRows(c, 'responded_on', delayCase(c.sql, c.sql`extract(epoch from f.first_reply_on - f.responded_on)`)),
  },
  'login-activity': {
    label: 'given',
    rows: (c) => {
      const { sql, scope } = c;
      return sql`select 'session-' || md5(us.token_hash) as row_key, null::bigint as fsi_id, u.store_id, null::bigint as customer_id,
          null::text as service_type, u.id::text as bucket, trim(u.first_name || ' ' || u.last_name) as bucket_label,
          us.created_on as occurred_on, concat_ws(' · ', us.ip, us.user_agent) as detail
        from user_session us join app_user u on u.id = us.user_id
        where u.store_id = any(${scope.storeIds}) and ${within(c, sql`us.created_on`)}`;
    },
  },
  'log-messages': {
    label: 'given',
    rows: (c) => {
      const { sql } = c;
      return sql`select 'msg-' || m.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
          case when m.valid_log_mode then 'VALID' when m.valid_log_mode = false then 'INVALID' else 'PENDING' end as bucket,
          case when m.valid_log_mode then 'Reply approved' when m.valid_log_mode = false then 'Reply rejected' else 'Awaiting review' end as bucket_label,
          m.created_on as occurred_on, left(m.content, 200) as detail
        from message_instance m join future_service_interaction i on i.id = m.future_service_interaction_id
        where ${fsiIn(c)} and m.direction = 'RECEIVED' and (m.valid_log_mode is not null or m.is_log_mode_to_be_sent)
          and ${within(c, sql`m.created_on`)}`;
    },
  },
  'telco-dashboard': {
    label: 'given',
    rows: (c) => c.sql`select 'msg-' || m.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
        upper(coalesce(m.message_status, 'unknown')) as bucket, null::text as bucket_label, m.created_on as occurred_on, m.to_address as detail
      from message_instance m join future_service_interaction i on i.id = m.future_service_interaction_id
      where ${fsiIn(c)} and m.direction in ${c.sql.unsafe(OUTBOUND)} and m.message_type = 'SMS' and ${within(c, c.sql`m.created_on`)}`,
  },
  'lead-manager-tracker': {
    label: 'given',
    rows: (c) => c.sql`select 'fsi-' || i.id || '-' || coalesce(m.sent_by_user_id, 0) as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
        coalesce(m.sent_by_user_id::text, 'ASSISTANT') as bucket,
        coalesce(max(trim(u.first_name || ' ' || u.last_name)), 'Assistant') as bucket_label,
        min(m.created_on) as occurred_on, count(*) || ' message(s)' as detail
      ${outboundRows(c)}
      group by i.id, i.store_id, i.customer_id, i.service_type, m.sent_by_user_id`,
  },
  'ai-booked-appointments': {
    label: 'serviceType',
    rows: (c) => c.sql`select 'appt-' || a.id as row_key, i.id as fsi_id, a.store_id, a.customer_id, i.service_type,
        i.service_type as bucket, null::text as bucket_label, t.created_on as occurred_on,
        coalesce(a.title, array_to_string(a.op_codes, ', ')) as detail
      from assistant_turn t join appointment a on a.id = t.appointment_id join future_service_interaction i on i.id = t.future_service_interaction_id
      where ${fsiIn(c)} and t.action = 'BOOKED' and ${within(c, c.sql`t.created_on`)}`,
  },
  'appointment-performance': { label: 'status', rows: (c) => appointmentRows(c, c.sql`a.appt_status`, c.sql`true`) },
  'handoff-appointment': { label: 'status', rows: (c) => appointmentRows(c, c.sql`a.appt_status`, handedOff(c.sql, c.sql`i.id`, c.sql`a.created_on`)) },
  'indirect-appointment-engaged': { label: 'status', rows: (c) => indirect(c, 'responded_on') },
  'indirect-appointment-messaged': { label: 'status', rows: (c) => indirect(c, 'contacted_on') },
  'advisor-activity': {
    label: 'given',
    rows: (c) => {
      const { sql, scope, types } = c;
      return sql`select 'appt-' || a.id as row_key, i.id as fsi_id, a.store_id, a.customer_id, i.service_type,
          coalesce(a.advisor_id::text, 'NONE') as bucket, coalesce(v.name, 'No advisor') as bucket_label, a.start_date as occurred_on,
          coalesce(a.title, array_to_string(a.op_codes, ', ')) as detail
        from appointment a left join future_service_interaction i on i.id = a.future_service_interaction_id
        left join service_advisor v on v.id = a.advisor_id
        where a.store_id = any(${scope.storeIds}) and ${within(c, sql`a.start_date`)}
          ${types ? sql`and i.service_type = any(${types})` : sql``}`;
    },
  },
  'agent-report': {
    label: 'given',
    rows: (c) => c.sql`select 'msg-' || m.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
        coalesce(m.sent_by_user_id::text, 'ASSISTANT') as bucket,
        coalesce(trim(u.first_name || ' ' || u.last_name), 'Assistant') as bucket_label, m.created_on as occurred_on, m.message_type as detail
      ${outboundRows(c)}`,
  },
  'sdc-handoff': {
    label: 'given',
    rows: (c) => c.sql`select 'track-' || w.id as row_key, i.id as fsi_id, i.store_id, i.customer_id, i.service_type,
        i.store_id::text as bucket, s.store_name as bucket_label, w.created_on as occurred_on, w.track as detail
      from workflow_track_event w join future_service_interaction i on i.id = w.future_service_interaction_id join store s on s.id = i.store_id
      where ${fsiIn(c)} and w.track like ${HANDOFF_TRACK} and ${within(c, c.sql`w.created_on`)}`,
  },
  fea: { label: 'fea', rows: (c) => feaRows(c.sql, c.scope) },
  'bulk-conversation-status': { label: 'outcome', rows: (c) => bulkStarts(c, c.sql`true`) },
  'bulk-conversation-failed': { label: 'outcome', rows: (c) => bulkStarts(c, c.sql`${c.sql.unsafe(BULK_OUTCOME)} not in ('QUEUED', 'ALREADY_INITIATED')`) },
  'bulk-conversation-current-date': { label: 'outcome', rows: (c) => bulkStarts(c, c.sql`true`, true) },
};

const TRACK_TITLES = new Map<string, string>(Object.values(HANDOFF_KINDS).map((h) => [h.track as string, h.title]));
const COUNT_LABELS: Record<string, string> = { '0': 'No reply', '1': '1 message', '2': '2 messages', '3+': '3 or more' };

/** The label a bucket shows. */
export function labelBucket(kind: LabelKind, bucket: string, given: string | null): string {
  if (given) return given;
  switch (kind) {
    case 'category':
      return bucket === 'BLANK' ? 'Unclassified' : (RESPONSE_CATEGORIES[bucket as keyof typeof RESPONSE_CATEGORIES] ?? bucket);
    case 'serviceType':
      return serviceTypeLabel(bucket);
    case 'status':
      return APPOINTMENT_STATUS_REPORT_LABELS[bucket as keyof typeof APPOINTMENT_STATUS_REPORT_LABELS] ?? humanizeCode(bucket);
    case 'delay':
      return RESPONSE_DELAY_LABELS[bucket as keyof typeof RESPONSE_DELAY_LABELS] ?? bucket;
    case 'track':
      return TRACK_TITLES.get(bucket) ?? humanizeCode(bucket);
    case 'count':
      return COUNT_LABELS[bucket] ?? bucket;
    case 'outcome':
      return BULK_START_OUTCOME_LABELS[bucket] ?? humanizeCode(bucket);
    case 'fea':
      return FEA_OUTCOME_LABELS[bucket] ?? humanizeCode(bucket);
    case 'given':
      return humanizeCode(bucket);
  }
}

type RawRow = Omit<BucketRow, 'occurredOn' | 'bucketLabel'> & { occurredOn: Date; bucketLabel: string | null; total: number };

/** Every detail row of a report (optionally of one bucket), newest first; `limit` null for all. */
export async function bucketReportRows(
  sql: Sql,
  key: BucketReportKey,
  scope: ResolvedScope,
  body: BucketReportRequest,
  o: { limit: number | null; offset: number },
): Promise<(BucketRow & { total: number })[]> {
  const def = DEFINITIONS[key];
  if (!scope.storeIds.length) return [];
  const d = def.rows({ sql, scope, types: body.serviceTypes?.length ? body.serviceTypes : null });
  const rows = await sql<RawRow[]>`
    with d as (${d})
    select d.row_key, d.fsi_id as future_service_interaction_id, d.store_id, s.store_name,
      case when c.id is null then null else trim(c.first_name || ' ' || c.last_name) end as customer_name,
      d.service_type, d.bucket, d.bucket_label, d.occurred_on, d.detail, count(*) over ()::int as total
    from d join store s on s.id = d.store_id left join customer c on c.id = d.customer_id
    ${body.bucket !== undefined ? sql`where d.bucket = ${body.bucket}` : sql``}
    order by d.occurred_on desc, d.row_key
    ${o.limit === null ? sql`` : sql`limit ${o.limit} offset ${o.offset}`}`;
  return rows.map((r) => ({ ...r, occurredOn: r.occurredOn.toISOString(), bucketLabel: labelBucket(def.label, r.bucket, r.bucketLabel) }));
}

export async function runBucketReport(sql: Sql, user: SessionUser, key: BucketReportKey, body: BucketReportRequest, now = new Date()): Promise<BucketReportResult> {
  const scope = await resolveReportScope(sql, user, body, now);
  const { page, size, offset } = paging(body);
  const def = DEFINITIONS[key];
  const summary = scope.storeIds.length
    ? await sql<{ bucket: string; label: string | null; count: number }[]>`
        with d as (${def.rows({ sql, scope, types: body.serviceTypes?.length ? body.serviceTypes : null })})
        select bucket, max(bucket_label) as label, count(*)::int as count from d group by bucket order by 3 desc, 1`
    : [];
  const rows = await bucketReportRows(sql, key, scope, body, { limit: size, offset });
  const total = summary.reduce((a, s) => a + s.count, 0);
  const bucketTotal = body.bucket === undefined ? total : (summary.find((s) => s.bucket === body.bucket)?.count ?? 0);
  return {
    report: key,
    scope: scopeOut(scope),
    total,
    summary: summary.map((s) => ({ bucket: s.bucket, label: labelBucket(def.label, s.bucket, s.label), count: s.count })),
    detail: { content: rows.map(({ total: _t, ...r }) => r), page, size, totalElements: bucketTotal },
  };
}

