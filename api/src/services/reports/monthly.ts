import {
  CUSTOMER_TYPES,
  RESPONSE_CATEGORY_CODES,
  SMS_OPT_OUT_MARK,
  monthsOf,
  reportMonthLabel,
  type CustomerType,
  type MonthlyReport,
  type MonthlyRow,
  type ReportFilter,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { resolveReportScope, scopeOut } from './scope';

/**
 * The monthly response report (spec §9 columns): per month and customer type, the conversations
 * whose customer first answered that month, counted by response category (unclassified when no
 * category, or BLANK, was given), how many of those customers opted out, and the conversations
 * whose first appointment was booked that month. Months run from the 1st 00:00:00 UTC to the end
 * of the last day; a range that starts or ends inside a month covers only its days.
 */
export async function monthlyReport(sql: Sql, user: SessionUser, body: ReportFilter, now = new Date()): Promise<MonthlyReport> {
  const scope = await resolveReportScope(sql, user, body, now);
  const types = body.serviceTypes?.length ? sql`and f.service_type = any(${body.serviceTypes})` : sql``;
  const base = sql`f.enterprise_id = ${scope.enterpriseId} and f.store_id = any(${scope.storeIds}) ${types}`;
  const answered = scope.storeIds.length
    ? await sql<{ month: string; customerType: CustomerType; category: string; n: number; optOut: number }[]>`
        select to_char(f.responded_on at time zone 'UTC', 'YYYY-MM') as month, f.customer_type,
          coalesce(f.response_insight, 'BLANK') as category, count(*)::int as n,
          count(*) filter (where c.block_sms or exists (select 1 from mark k where k.target = 'CUSTOMER'
            and k.customer_id = c.id and k.intent_type = ${SMS_OPT_OUT_MARK}))::int as opt_out
        from report_interaction_fact f
        join future_service_interaction i on i.id = f.future_service_interaction_id
        join customer c on c.id = i.customer_id
        where ${base} and f.responded_on >= ${scope.from} and f.responded_on < ${scope.to}
        group by 1, 2, 3`
    : [];
  const booked = scope.storeIds.length
    ? await sql<{ month: string; customerType: CustomerType; n: number }[]>`
        select to_char(f.appt_booked_on at time zone 'UTC', 'YYYY-MM') as month, f.customer_type, count(*)::int as n
        from report_interaction_fact f
        where ${base} and f.appt_booked_on >= ${scope.from} and f.appt_booked_on < ${scope.to}
        group by 1, 2`
    : [];

  const rows: MonthlyRow[] = [];
  for (const month of monthsOf(scope)) {
    for (const customerType of CUSTOMER_TYPES) {
      const categories = Object.fromEntries(RESPONSE_CATEGORY_CODES.map((c) => [c, 0])) as MonthlyRow['categories'];
      let unclassified = 0;
      let optOut = 0;
      let responded = 0;
      for (const r of answered) {
        if (r.month !== month || r.customerType !== customerType) continue;
        responded += r.n;
        optOut += r.optOut;
        if (r.category === 'BLANK' || !(r.category in categories)) unclassified += r.n;
        else categories[r.category as keyof typeof categories] += r.n;
      }
      const appointments = booked.filter((b) => b.month === month && b.customerType === customerType).reduce((a, b) => a + b.n, 0);
      rows.push({ month, reportMonth: reportMonthLabel(month), customerType, categories, appointments, optOut, unclassified, responded });
    }
  }
  return { scope: scopeOut(scope), rows };
}
