import type { Sql } from '../../db/database';
import { writeMessagesInBulk } from '../../services/conversations/messages';

/** A word that appears only in the other enterprise's records: any answer carrying it leaked one. */
export const FOREIGN_MARK = 'Zorblax';

export type ForeignRecords = Record<
  'enterprise' | 'boc' | 'store' | 'customer' | 'vehicle' | 'interaction' | 'message' | 'appointment' | 'template' | 'mailingList' | 'repairOrder' | 'user',
  number
>;

/** A second enterprise with one of everything, outside the scope of every non-super user. */
export async function createForeignRecords(sql: Sql): Promise<ForeignRecords> {
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values (${`${FOREIGN_MARK} Group`}) returning id`;
  const [b] = await sql<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'ZB', ${`${FOREIGN_MARK} BOC`}) returning id`;
  const [s] = await sql<{ id: number }[]>`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
    values (${b!.id}, 'ZB1', ${`${FOREIGN_MARK} Motors`}, 'America/Denver', 'Mountain Time (MT)') returning id`;
  const [c] = await sql<{ id: number }[]>`insert into customer (boc_id, store_id, custno, first_name, last_name, cellular)
    values (${b!.id}, ${s!.id}, 'ZB-1', ${FOREIGN_MARK}, ${FOREIGN_MARK}, '+17205550142') returning id`;
  const [v] = await sql<{ id: number }[]>`insert into service_vehicle (customer_id, vin, make, model, year)
    values (${c!.id}, '1ZBLAX00000000001', ${FOREIGN_MARK}, 'Z', 2020) returning id`;
  const [f] = await sql<{ id: number }[]>`insert into future_service_interaction (store_id, company_id, customer_id, service_type)
    values (${s!.id}, ${b!.id}, ${c!.id}, 'OIL_CHANGE') returning id`;
  await writeMessagesInBulk(sql, [
    { futureServiceInteractionId: f!.id, storeId: s!.id, customerId: c!.id, content: `${FOREIGN_MARK} secret`, direction: 'RECEIVED', messageType: 'SMS' },
  ]);
  const [m] = await sql<{ id: number }[]>`select id from message_instance where future_service_interaction_id = ${f!.id}`;
  const [a] = await sql<{ id: number }[]>`insert into appointment (store_id, future_service_interaction_id, customer_id, service_vehicle_id, start_date, end_date, title)
    values (${s!.id}, ${f!.id}, ${c!.id}, ${v!.id}, now() + interval '1 day', now() + interval '1 day 1 hour', ${FOREIGN_MARK}) returning id`;
  const [t] = await sql<{ id: number }[]>`insert into custom_template (enterprise_id, service_type, title, body)
    values (${e!.id}, 'OIL_CHANGE', ${FOREIGN_MARK}, ${FOREIGN_MARK}) returning id`;
  const [l] = await sql<{ id: number }[]>`insert into mailing_list_master (store_id, code) values (${s!.id}, ${`LIST-${FOREIGN_MARK}`}) returning id`;
  const [r] = await sql<{ id: number }[]>`insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, status_code, order_key)
    values (${s!.id}, 'ZB-RO-1', ${c!.id}, ${v!.id}, (select code from ref_ro_status order by position limit 1), 'a0') returning id`;
  const [u] = await sql<{ id: number }[]>`insert into app_user (username, password_hash, first_name, last_name, emp_level, enterprise_id, boc_id, store_id, guest)
    values ('zorblax.user', 'not-a-real-hash', ${FOREIGN_MARK}, ${FOREIGN_MARK}, 'STORE', ${e!.id}, ${b!.id}, ${s!.id}, true) returning id`;
  await sql`insert into user_role (user_id, role, position) values (${u!.id}, 'OFFICE_USER', 0)`;
  return {
    user: u!.id,
    enterprise: e!.id, boc: b!.id, store: s!.id, customer: c!.id, vehicle: v!.id, interaction: f!.id,
    message: m!.id, appointment: a!.id, template: t!.id, mailingList: l!.id, repairOrder: r!.id,
  };
}

/** Which foreign record a parameter or body field of this name points at. */
export function foreignIdFor(name: string, path: string, r: ForeignRecords): number | null {
  const n = name.toLowerCase().replace(/[-_]/g, '');
  if (['futureserviceinteractionid', 'futureinteractionid', 'fid', 'jaguarfutureserviceinteractionid'].includes(n)) return r.interaction;
  if (['storeid', 'officeid', 'storeidpk', 'tenantid'].includes(n)) return r.store;
  if (['bocid', 'companyid', 'bocidpk'].includes(n)) return r.boc;
  if (n === 'enterpriseid') return r.enterprise;
  if (['messageid', 'lastmessageid', 'messageinstanceid', 'mid', 'emailid'].includes(n)) return r.message;
  if (['apptid', 'appointmentid'].includes(n)) return r.appointment;
  if (n === 'customerid') return r.customer;
  if (n === 'servicevehicleid') return r.vehicle;
  if (n === 'templateid') return r.template;
  if (n === 'mailinglistmasterid') return r.mailingList;
  if (n === 'svcopenroidpk') return r.repairOrder;
  if (n === 'userid' || n === 'usermasterid') return r.user;
  if (n === 'id') return path.includes('appointment') ? r.appointment : path.includes('ServiceOrder') ? r.repairOrder : r.message;
  return null;
}

/** What a refused request must have left alone. */
export async function foreignState(sql: Sql, r: ForeignRecords) {
  const [row] = await sql`
    select
      (select count(*)::int from message_instance where future_service_interaction_id = ${r.interaction}) as messages,
      (select count(*)::int from message_outbox where message_instance_id in (select id from message_instance where store_id = ${r.store})) as outbox,
      (select appt_status from appointment where id = ${r.appointment}) as appointment,
      (select count(*)::int from custom_template where id = ${r.template}) as templates,
      (select count(*)::int from mailing_list_master where id = ${r.mailingList}) as lists,
      (select status_code from repair_order where id = ${r.repairOrder}) as repair_order,
      (select ai_enabled from future_service_interaction where id = ${r.interaction}) as ai_enabled,
      (select archived from message_instance where id = ${r.message}) as archived,
      (select read_status from message_instance where id = ${r.message}) as read_status,
      (select blocked::text || first_name || coalesce(email, '') from app_user where id = ${r.user}) as user,
      (select count(*)::int from audit_log where enterprise_id = ${r.enterprise}) as audit,
      (select count(*)::int from assistant_file_version where enterprise_id = ${r.enterprise}) as assistant_files,
      (select store_name || a2p_status || coalesce(twilio_account_sid, '') from store where id = ${r.store}) as store`;
  return row;
}
