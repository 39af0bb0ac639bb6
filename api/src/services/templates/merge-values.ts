import { formatPhoneDisplay, type MergeValues } from '@drivebay/shared';
import type { Sql } from '../../db/database';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar date (YYYY-MM-DD from the database) as customers in the US read it: MM/DD/YYYY. */
function usDate(date: string | null): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

function monthOf(date: string | null): string {
  const m = date ? /^(\d{4})-(\d{2})/.exec(date) : null;
  return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : '';
}

type Row = {
  agentFirstName: string | null;
  agentLastName: string | null;
  agentEmail: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  cellular: string | null;
  storeName: string;
  address: string | null;
  vin: string | null;
  make: string | null;
  year: number | null;
  model: string | null;
  soldDate: string | null;
  estimatedDueDate: string | null;
  lastServiceDate: string | null;
  recallCampaign: string | null;
  recallDescription: string | null;
  recallType: string | null;
};

/**
 * The merge fields' values of one interaction: its store's assistant for the interaction's
 * division (the sender first), the customer, the office, the vehicle with its sale, and the last
 * service, and the recall a recall conversation is about. Missing values are empty strings.
 */
export async function loadMergeValues(sql: Sql, interactionId: number): Promise<MergeValues | null> {
  const [r] = await sql<Row[]>`
    select a.agent_first_name, a.agent_last_name, a.agent_email,
      c.first_name, c.last_name, c.email, c.cellular,
      s.store_name, s.address,
      coalesce(v.vin, f.vin) as vin, v.make, v.year, v.model,
      to_char(sa.sold_date, 'YYYY-MM-DD') as sold_date,
      to_char(f.estimated_due_date, 'YYYY-MM-DD') as estimated_due_date,
      to_char(v.last_service_date, 'YYYY-MM-DD') as last_service_date,
      rl.campaign_code as recall_campaign, ra.description as recall_description, coalesce(rt.name, rl.recall_type) as recall_type
    from future_service_interaction f
    join customer c on c.id = f.customer_id
    join store s on s.id = f.store_id
    left join service_vehicle v on v.id = f.service_vehicle_id
    left join sale sa on sa.id = f.sale_id
    left join lateral (
      select * from assistant a where a.store_id = f.store_id
      order by (a.division_id = f.division_id) desc, a.initializer_process_enabled desc, a.id limit 1
    ) a on true
    left join recall_lead rl on rl.future_service_interaction_id = f.id
    left join manufacturer_alert ra on ra.id = rl.manufacturer_alert_id
    left join recall_type rt on rt.code = rl.recall_type
    where f.id = ${interactionId}`;
  if (!r) return null;
  return {
    assistant: { firstName: r.agentFirstName ?? '', lastName: r.agentLastName ?? '', email: r.agentEmail ?? '' },
    customer: { firstName: r.firstName, lastName: r.lastName, email: r.email ?? '', cellular: formatPhoneDisplay(r.cellular) },
    office: { name: r.storeName, address: r.address ?? '' },
    product: {
      vin: r.vin ?? '',
      make: r.make ?? '',
      year: r.year === null ? '' : String(r.year),
      model: r.model ?? '',
      soldDate: usDate(r.soldDate),
      estDueDate: usDate(r.estimatedDueDate),
    },
    service: { lastServiceDate: usDate(r.lastServiceDate), lastServiceMonth: monthOf(r.lastServiceDate) },
    // A recall file without descriptions still gives the sentence an ending: the recall's type.
    recall: { campaign: r.recallCampaign ?? '', description: r.recallDescription || (r.recallCampaign === null ? '' : r.recallType || 'a manufacturer recall'), type: r.recallType ?? '' },
  };
}
