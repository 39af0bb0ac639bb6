import {
  APPT_REMINDER_DAYS,
  AT_RISK_INSIGHTS,
  AT_RISK_WAIT_MINUTES,
  CONTACT_LATER_MARK,
  GM_BRAND_MAKES,
  GM_HANDOFF_TRACK,
  HANDOFF_KINDS,
  NRAA_AFTER_HOURS,
  PRE_CSI_DAYS,
  SMART_FOLLOW_UP_AFTER_HOURS,
  SMS_OPT_OUT_MARK,
  type FollowUpsDue,
  type LeadListKind,
  type LeadListSort,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';

type Fragment = ReturnType<Sql>;

const HANDOFF_TRACKS = [...new Set([...Object.values(HANDOFF_KINDS).map((k) => k.track), 'APPOINTMENT_HANDOFF_DROPOFF_YES', 'APPOINTMENT_HANDOFF_DROPOFF_NO'])];

/** The contact-later day of an interaction: its own mark, else its customer's. */
export const contactLaterOn = (sql: Sql) => sql`coalesce(
  (select mk.value from mark mk where mk.target = 'FUTURE_SERVICE_INTERACTION' and mk.future_service_interaction_id = f.id and mk.intent_type = ${CONTACT_LATER_MARK}),
  (select mk.value from mark mk where mk.target = 'CUSTOMER' and mk.customer_id = f.customer_id and mk.intent_type = ${CONTACT_LATER_MARK}))`;

/** The next pending follow-up's due time. */
export const followUpDue = (sql: Sql) => sql`(select min(u.due_on) from lead_follow_up u where u.future_service_interaction_id = f.id and u.status = 'PENDING')`;

/**
 * A follow-up still waiting to go out: `today` from now to the end of the store's day,
 * `overdue` past its time (the sender has not taken it: held, or the job stopped).
 */
export const followUpsDue = (sql: Sql, due: FollowUpsDue, now: Date) => sql`exists (
  select 1 from lead_follow_up u join store sz on sz.id = u.store_id
  where u.future_service_interaction_id = f.id and u.status = 'PENDING'
    and ${due === 'overdue'
      ? sql`u.due_on < ${now}`
      : sql`u.due_on >= ${now} and u.due_on < (date_trunc('day', ${now}::timestamptz at time zone sz.office_time_zone) + interval '1 day') at time zone sz.office_time_zone`})`;

const hasTrack = (sql: Sql, tracks: string[]) =>
  sql`exists (select 1 from workflow_track_event w where w.future_service_interaction_id = f.id and w.track in ${sql(tracks)})`;

const optedOut = (sql: Sql) => sql`(c.block_sms or exists (select 1 from mark mo where mo.target = 'CUSTOMER' and mo.customer_id = c.id and mo.intent_type = ${SMS_OPT_OUT_MARK}))`;

/**
 * What each list holds, as a condition on the interaction `f` and its customer `c` at `now`.
 * docs/lead-lists.md says the same in words; the tests seed a case in and a case out of each.
 */
export function listPredicate(sql: Sql, kind: LeadListKind, now: Date, storeIds?: number[]): Fragment {
  const open = sql`not f.conv_closed`;
  // Lists of a few conversations among many read their few first (a set of ids) rather than test
  // every conversation of the place; `storeIds` narrows those sets to the place's stores.
  const inStores = (col: Fragment) => (storeIds ? sql`and ${col} in ${sql(storeIds)}` : sql``);
  switch (kind) {
    case 'CUSTOM':
      return sql`true`;
    case 'CONSOLIDATED':
      return sql`${open} and f.conversation_initiated`;
    case 'SMT':
      return sql`${open} and f.service_type = 'CV_LEAD_SMT_1'`;
    case 'GM_HANDOFF':
      return sql`${open} and ${hasTrack(sql, [GM_HANDOFF_TRACK])}`;
    case 'HANDOFF':
      return sql`${open} and ${hasTrack(sql, HANDOFF_TRACKS)}`;
    case 'MRT':
    case 'GLOBAL_INBOX_0':
      // Waiting on the dealership: the customer wrote last and nobody has answered.
      return sql`${open} and f.response_reqd`;
    case 'TCPA':
      return sql`${optedOut(sql)}`;
    case 'LEAD_AT_RISK':
      return sql`${open} and not f.appointment_set and f.total_inbound_count > 0 and (
        (f.response_reqd and f.last_message_received_date < ${new Date(now.getTime() - AT_RISK_WAIT_MINUTES * 60_000)})
        or f.response_insight in ${sql([...AT_RISK_INSIGHTS])})`;
    case 'NEW':
      return sql`${open} and not f.conversation_initiated`;
    case 'CONTACT_LATER':
      // contactLaterOn(f) is not null: a CL mark with a day on the conversation or its customer.
      return sql`${open} and f.id in (
        select mk.future_service_interaction_id from mark mk
        where mk.target = 'FUTURE_SERVICE_INTERACTION' and mk.intent_type = ${CONTACT_LATER_MARK} and mk.value is not null
        union all
        select fc.id from mark mk join future_service_interaction fc on fc.customer_id = mk.customer_id
        where mk.target = 'CUSTOMER' and mk.intent_type = ${CONTACT_LATER_MARK} and mk.value is not null ${inStores(sql`fc.store_id`)})`;
    case 'FOLLOW_UP':
      return sql`${open} and f.id in (
        select fu.id from future_service_interaction fu where fu.user_followup is not null ${inStores(sql`fu.store_id`)}
        union all
        select u.future_service_interaction_id from lead_follow_up u where u.status = 'PENDING' ${inStores(sql`u.store_id`)})`;
    case 'EMAIL_FOLLOW_UP':
      return sql`${open} and exists (select 1 from lead_follow_up u where u.future_service_interaction_id = f.id and u.status = 'PENDING' and u.followup_type in ('E1', 'E2', 'E3'))`;
    case 'SMART_FOLLOW_UP':
      // Answered once, then went quiet after the store's last word: worth a nudge nobody has planned.
      return sql`${open} and not f.appointment_set and f.total_inbound_count > 0 and not f.response_reqd
        and f.last_message_received_date < ${new Date(now.getTime() - SMART_FOLLOW_UP_AFTER_HOURS * 3_600_000)}
        and not ${optedOut(sql)}
        and not exists (select 1 from lead_follow_up u where u.future_service_interaction_id = f.id and u.status = 'PENDING')`;
    case 'NRAA':
      // No Response At All: started, never a single customer reply, a day on.
      return sql`${open} and f.conversation_initiated and f.total_inbound_count = 0
        and coalesce(f.last_message_received_date, f.created_on) < ${new Date(now.getTime() - NRAA_AFTER_HOURS * 3_600_000)}`;
    case 'ARCHIVED':
      return sql`f.conv_closed`;
    case 'FIRST_INTERACTION':
      return sql`exists (select 1 from sale s join service_vehicle sv on sv.id = s.service_vehicle_id
        where s.id = f.sale_id and s.deal_type = 'New' and sv.make in ${sql([...GM_BRAND_MAKES])})`;
    case 'OPEN_RO':
      return sql`${open} and f.service_type = 'SVC_OPEN_RO'`;
    case 'PRE_CSI':
      return sql`${open} and (f.user_followup = 'preCsiCheck' or (f.service_type = 'SVC_CLOSED_RO'
        and f.created_on >= ${new Date(now.getTime() - PRE_CSI_DAYS * 86_400_000)}))`;
    case 'APPT_REMINDER':
      return sql`${open} and exists (select 1 from appointment a where a.future_service_interaction_id = f.id
        and a.start_date >= ${now} and a.start_date < ${new Date(now.getTime() + APPT_REMINDER_DAYS * 86_400_000)}
        and a.appt_status not in ('CANCELLED', 'NO_SHOW'))`;
    case 'EMAIL':
      return sql`exists (select 1 from message_instance me where me.future_service_interaction_id = f.id and me.message_type = 'EMAIL')`;
    case 'AUTOMATED':
      return sql`${open} and not f.conversation_initiated and c.cellular is not null and not ${optedOut(sql)}`;
  }
}

/** The order a list opens in when the filter names none. */
export const DEFAULT_SORT: Partial<Record<LeadListKind, { sort: LeadListSort; direction: 'asc' | 'desc' }>> = {
  MRT: { sort: 'waiting', direction: 'desc' },
  GLOBAL_INBOX_0: { sort: 'waiting', direction: 'desc' },
  LEAD_AT_RISK: { sort: 'waiting', direction: 'desc' },
  CONTACT_LATER: { sort: 'contactLater', direction: 'asc' },
  FOLLOW_UP: { sort: 'followUpDue', direction: 'asc' },
  EMAIL_FOLLOW_UP: { sort: 'followUpDue', direction: 'asc' },
  NEW: { sort: 'createdOn', direction: 'desc' },
  AUTOMATED: { sort: 'createdOn', direction: 'asc' },
};

/** ORDER BY for a sort; every order ends on the id so pages never overlap. */
export function orderBy(sql: Sql, sort: LeadListSort, direction: 'asc' | 'desc'): Fragment {
  const d = direction === 'asc' ? sql`asc` : sql`desc`;
  switch (sort) {
    case 'lastActivity':
      return sql`f.last_message_received_date ${d} nulls last, f.id ${d}`;
    case 'createdOn':
      return sql`f.created_on ${d}, f.id ${d}`;
    case 'customerName':
      return sql`lower(c.last_name) ${d}, lower(c.first_name) ${d}, f.id ${d}`;
    case 'unread':
      return sql`f.total_unread_count ${d}, f.id ${d}`;
    case 'waiting':
      // Longest wait first when descending: the oldest unanswered message.
      return direction === 'desc' ? sql`f.last_message_received_date asc nulls last, f.id asc` : sql`f.last_message_received_date desc nulls last, f.id desc`;
    case 'contactLater':
      return sql`${contactLaterOn(sql)} ${d} nulls last, f.id ${d}`;
    case 'followUpDue':
      return sql`${followUpDue(sql)} ${d} nulls last, f.id ${d}`;
  }
}
