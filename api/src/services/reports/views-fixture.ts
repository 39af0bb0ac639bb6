import type { Sql } from '../../db/database';
import { hashPassword } from '../auth/password';
import { writeMessagesInBulk } from '../conversations/messages';

/**
 * An enterprise whose alert, FEA, introspection and DMS figures are known by hand (see
 * reports-views.test.ts): two stores, six customers with vehicles, sales, closed repair orders,
 * Toyota error alerts, manufacturer alert files (one still processing), a customer-vehicle lead
 * batch and the dealer system's appointment book, around February 2026.
 */
export type ViewsFixture = { enterpriseId: number; bocId: number; s1: number; s2: number; i1: number; storeUser: string };

export async function seedViewsFixture(sql: Sql): Promise<ViewsFixture> {
  const [e] = await sql<{ id: number }[]>`insert into enterprise (name) values ('View Answers Auto') returning id`;
  const [b] = await sql<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${e!.id}, 'VA', 'View Answers BOC') returning id`;
  const store = async (code: string, name: string) =>
    (await sql<{ id: number }[]>`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display)
      values (${b!.id}, ${code}, ${name}, 'America/New_York', 'Eastern Time (ET)') returning id`)[0]!.id;
  const s1 = await store('VA1', 'View North');
  const s2 = await store('VA2', 'View South');

  // Customers 1-6: 2 has no mobile, 3 opted out; vehicles 1-5 Toyotas, 6 a Honda.
  const cust: number[] = [];
  const veh: number[] = [];
  const vin = (n: number) => `JTDVIEW0000000${String(n).padStart(3, '0')}`;
  for (let n = 1; n <= 6; n++) {
    const storeId = n === 4 || n === 5 ? s2 : s1;
    const [c] = await sql<{ id: number }[]>`insert into customer (boc_id, store_id, custno, first_name, last_name, cellular, block_sms)
      values (${b!.id}, ${storeId}, ${`VA-${n}`}, ${`View${n}`}, 'Owner', ${n === 2 ? null : `+1212555${2000 + n}`}, ${n === 3}) returning id`;
    const [v] = await sql<{ id: number }[]>`insert into service_vehicle (customer_id, vin, make, model, year)
      values (${c!.id}, ${vin(n)}, ${n === 6 ? 'Honda' : 'Toyota'}, ${n === 6 ? 'Civic' : 'Camry'}, 2024) returning id`;
    cust.push(c!.id);
    veh.push(v!.id);
  }
  const storeOf = (n: number) => (n === 4 || n === 5 ? s2 : s1);
  const sale = async (n: number, vehicle: boolean, day: string) =>
    (await sql<{ id: number }[]>`insert into sale (store_id, customer_id, service_vehicle_id, sold_date, deal_type)
      values (${storeOf(n)}, ${cust[n - 1]!}, ${vehicle ? veh[n - 1]! : null}, ${day}, 'New') returning id`)[0]!.id;
  const sale1 = await sale(1, true, '2026-02-01');
  await sale(2, true, '2026-02-02');
  await sale(3, true, '2026-02-03');
  await sale(4, false, '2026-02-04');
  await sale(5, true, '2026-02-05');

  // Conversations: i1 about vehicle 1 (from sale 1) after its FEA alert, contacted, answered, booked;
  // i2 about vehicle 2, contacted only; i3 about vehicle 3 before its alert; i5 about vehicle 5, answered.
  const fsi = async (n: number, created: string, saleId: number | null = null) =>
    (await sql<{ id: number }[]>`insert into future_service_interaction (store_id, company_id, customer_id, service_vehicle_id, sale_id, service_type, created_on)
      values (${storeOf(n)}, ${b!.id}, ${cust[n - 1]!}, ${veh[n - 1]!}, ${saleId}, 'OIL_CHANGE', ${created}) returning id`)[0]!.id;
  const i1 = await fsi(1, '2026-02-03T09:00:00Z', sale1);
  const i2 = await fsi(2, '2026-02-06T09:00:00Z');
  const i3 = await fsi(3, '2026-01-20T09:00:00Z');
  const i5 = await fsi(5, '2026-02-13T09:00:00Z');
  const m = (id: number, n: number, direction: 'SENT' | 'RECEIVED', when: string) => ({
    futureServiceInteractionId: id, storeId: storeOf(n), customerId: cust[n - 1]!, content: `${direction} ${when}`, direction, messageType: 'SMS' as const, createdOn: new Date(when),
  });
  await writeMessagesInBulk(sql, [
    m(i1, 1, 'SENT', '2026-02-03T10:00:00Z'), m(i1, 1, 'RECEIVED', '2026-02-03T10:05:00Z'),
    m(i2, 2, 'SENT', '2026-02-06T10:00:00Z'),
    m(i3, 3, 'SENT', '2026-01-20T10:00:00Z'), m(i3, 3, 'RECEIVED', '2026-01-20T10:05:00Z'),
    m(i5, 5, 'SENT', '2026-02-13T10:00:00Z'), m(i5, 5, 'RECEIVED', '2026-02-13T10:01:00Z'),
  ]);
  await sql`insert into appointment (store_id, future_service_interaction_id, customer_id, appt_status, start_date, end_date, created_on)
    values (${s1}, ${i1}, ${cust[0]!}, 'BOOKED', '2026-02-10T14:00:00Z', '2026-02-10T15:00:00Z', '2026-02-03T11:00:00Z')`;

  // Closed repair orders: 1 with the visit's mileage, 2 without, 3 (opted out) with; one still open.
  const ro = async (n: number, number: string, closed: string | null) => {
    await sql`insert into repair_order (store_id, ro_number, customer_id, service_vehicle_id, status_code, order_key, open_date, close_date)
      values (${storeOf(n)}, ${number}, ${cust[n - 1]!}, ${veh[n - 1]!}, ${closed ? 'CLOSED' : 'UNASSIGNED'}, 'a0', '2026-02-01T08:00:00Z', ${closed})`;
    if (closed && n !== 2) await sql`insert into odometer_reading (service_vehicle_id, read_on, odometer, source) values (${veh[n - 1]!}, ${closed.slice(0, 10)}, 1000, 'RO')`;
  };
  await ro(1, 'RO-1', '2026-02-01T16:00:00Z');
  await ro(2, 'RO-2', '2026-02-02T16:00:00Z');
  await ro(3, 'RO-3', '2026-02-03T16:00:00Z');
  await ro(1, 'RO-4', null);

  // Toyota error alerts as readings: vehicle 1 (ready), 6 (a Honda), 3 (opted out).
  for (const [n, code] of [[1, 'P0171'], [6, 'P0420'], [3, 'P0300']] as const)
    await sql`insert into odometer_reading (service_vehicle_id, read_on, odometer, source, alert_code) values (${veh[n - 1]!}, '2026-02-15', 1500, 'CONNECTED_VEHICLE', ${code})`;

  // Alert files: a completed file per kind and an FEA file still processing (kept nothing yet).
  const file = async (storeId: number, fileType: string, status = 'COMPLETED') =>
    (await sql<{ id: number }[]>`insert into file_upload_report (enterprise_id, boc_id, store_id, file_type, file_name, status)
      values (${e!.id}, ${b!.id}, ${storeId}, ${fileType}, ${`${fileType}.csv`}, ${status}) returning id`)[0]!.id;
  const alert = async (fileId: number, storeId: number, fileType: string, n: number | null, day: string, code: string, recallType: string | null = null) =>
    sql`insert into manufacturer_alert (file_report_id, file_type, enterprise_id, boc_id, store_id, recall_type, vin, code, description, alert_date, odometer, customer_id, service_vehicle_id, enriched_on)
      values (${fileId}, ${fileType}, ${e!.id}, ${b!.id}, ${storeId}, ${recallType}, ${n ? vin(n) : 'JTDUNKNOWN0000999'}, ${code}, ${`${code} description`}, ${day}, 2000,
        ${n ? cust[n - 1]! : null}, ${n ? veh[n - 1]! : null}, now())`;
  const fea1 = await file(s1, 'FEA_ALERT');
  const fea2 = await file(s2, 'FEA_ALERT');
  await alert(fea1, s1, 'FEA_ALERT', 1, '2026-02-02', 'F-BOOKED');
  await alert(fea1, s1, 'FEA_ALERT', 2, '2026-02-05', 'F-CONTACTED');
  await alert(fea1, s1, 'FEA_ALERT', 3, '2026-02-10', 'F-NOT-CONTACTED');
  await alert(fea1, s1, 'FEA_ALERT', 1, '2026-03-02', 'F-MARCH');
  await alert(fea2, s2, 'FEA_ALERT', null, '2026-02-11', 'F-UNMATCHED');
  await alert(fea2, s2, 'FEA_ALERT', 5, '2026-02-12', 'F-RESPONDED');
  await alert(await file(s1, 'FEA_ALERT', 'PROCESSING'), s1, 'FEA_ALERT', 2, '2026-02-14', 'F-PROCESSING');
  await alert(await file(s1, 'HEA_ALERT'), s1, 'HEA_ALERT', 1, '2026-02-08', 'H-1');
  await alert(await file(s2, 'RECALL'), s2, 'RECALL', 4, '2026-02-09', 'R-1', 'SAFETY');
  await alert(await file(s1, 'CONNECTED_CAR_ALERT'), s1, 'CONNECTED_CAR_ALERT', null, '2026-02-09', 'C-1');

  // A customer-vehicle lead batch of store 1: one transferred, one matched, one not matched.
  const [batch] = await sql<{ id: number }[]>`insert into cv_lead_batch (store_id, name, row_count, created_on) values (${s1}, 'February list', 3, '2026-02-07T12:00:00Z') returning id`;
  await sql`insert into customer_vehicle_lead (batch_id, store_id, row_number, first_name, last_name, cellular, vin, customer_id, service_vehicle_id, future_service_interaction_id, transferred_on) values
    (${batch!.id}, ${s1}, 2, 'View1', 'Owner', '+12125552001', ${vin(1)}, ${cust[0]!}, ${veh[0]!}, ${i1}, '2026-02-07T13:00:00Z'),
    (${batch!.id}, ${s1}, 3, 'View2', 'Owner', null, ${vin(2)}, ${cust[1]!}, ${veh[1]!}, null, null),
    (${batch!.id}, ${s1}, 4, 'Stranger', 'Lead', '+12125559999', null, null, null, null, null)`;

  // The dealer system's appointment book: two of store 1 (one cancelled), one of store 2.
  const dms = (storeId: number, start: string, status: string) =>
    sql`insert into dms_appointment (store_id, dms_customer_number, vin, start_date, end_date, op_codes, status)
      values (${storeId}, 'DMS-1', ${vin(1)}, ${start}, ${new Date(Date.parse(start) + 3_600_000)}, '{01OIL}', ${status})`;
  await dms(s1, '2026-02-03T14:00:00Z', 'BOOKED');
  await dms(s1, '2026-02-04T14:00:00Z', 'CANCELLED');
  await dms(s2, '2026-02-03T15:00:00Z', 'BOOKED');

  const storeUser = 'view_store_user';
  const [u] = await sql<{ id: number }[]>`insert into app_user (username, password_hash, first_name, last_name, emp_level, enterprise_id, boc_id, store_id)
    values (${storeUser}, ${await hashPassword('demo')}, 'Vic', 'North', 'STORE', ${e!.id}, ${b!.id}, ${s1}) returning id`;
  await sql`insert into user_role (user_id, role, position) values (${u!.id}, 'OFFICE_MANAGER', 0)`;
  return { enterpriseId: e!.id, bocId: b!.id, s1, s2, i1, storeUser };
}
