import type { Sql } from '../db/database';
import { hashPassword } from '../services/auth/password';
import { writeMessagesInBulk, type MessageRecord } from '../services/conversations/messages';
import {
  ADVISOR_NAMES,
  CUSTOMER_REPLIES,
  DEMO_ASSISTANTS,
  DEMO_BOCS,
  DEMO_PASSWORD,
  DEMO_STORES,
  DEMO_USERS,
  FIRST_NAMES,
  FOLLOW_UPS,
  LAST_NAMES,
  MODELS,
  REMINDER_TEXTS,
  SEED_SERVICE_TYPES,
} from './demo-catalog';
import { keyBetween } from '@drivebay/shared/docs';
import { seedPlannerDemo } from './planners-demo';
import { seedDemoDataSync } from './demo-data-sync';

/** A small seeded generator (mulberry32): the same seed gives the same demo every time. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MARK_DEFAULTS = { customer_id: null, future_service_interaction_id: null };

export type SeedSummary = { seeded: boolean; customers: number; interactions: number; messages: number };

/**
 * Seeds the demo enterprise once, into an empty database. Content is deterministic; times are
 * laid out backwards from the moment of seeding so the demo looks current on first start.
 */
export async function seedDemo(sql: Sql, now = new Date()): Promise<SeedSummary> {
  const [{ exists } = { exists: false }] = await sql<{ exists: boolean }[]>`select exists(select 1 from enterprise) as exists`;
  if (exists) return { seeded: false, customers: 0, interactions: 0, messages: 0 };
  const r = rng(20261121);
  const t0 = now.getTime();
  const hashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  let messageCount = 0;
  let interactionCount = 0;
  let customerCount = 0;

  await sql.begin(async (tx) => {
    const [enterprise] = await tx`insert into enterprise (id, name, brands) values (1, 'Drivebay Demo Motors', ${['Toyota', 'Honda']}) returning id`;
    const bocIds: number[] = [];
    for (const b of DEMO_BOCS) {
      const [row] = await tx`insert into boc (enterprise_id, boc_code, boc_name) values (${enterprise!.id}, ${b.code}, ${b.name}) returning id`;
      bocIds.push(row!.id);
    }
    const storeIds: number[] = [];
    for (const [i, s] of DEMO_STORES.entries()) {
      const [row] = await tx`insert into store (boc_id, store_code, store_name, office_time_zone, timezone_display, address, phone_number, email, brand)
        values (${bocIds[s.boc]!}, ${s.code}, ${s.name}, ${s.zone}, ${s.display}, ${s.address}, ${s.phone},
          ${`service@${s.code.toLowerCase()}.drivebay.example`}, ${s.brand}) returning id`;
      storeIds.push(row!.id);
      await tx`insert into division ${tx(['DIV001', 'DIV004'].map((d) => ({ store_id: row!.id, division_id: d })))}`;
      const a = DEMO_ASSISTANTS[i]!;
      await tx`insert into assistant (store_id, division_id, agent_first_name, agent_last_name, agent_email, agent_phone_number, initializer_process_enabled)
        values (${row!.id}, 'DIV004', ${a.first}, ${a.last}, ${`${a.first.toLowerCase()}@${s.code.toLowerCase()}.drivebay.example`}, ${s.assistantPhone}, true)`;
      await tx`insert into service_advisor ${tx(ADVISOR_NAMES.map((name, k) => ({ store_id: row!.id, advisor_no: `${100 + k}`, name })))}`;
    }

    for (const [i, u] of DEMO_USERS.entries()) {
      const [row] = await tx`insert into app_user (username, password_hash, first_name, last_name, email, emp_level, enterprise_id, boc_id, store_id, division_id, calling_feature)
        values (${u.role.toLowerCase()}, ${hashes[i]!}, ${u.first}, ${u.last}, ${`${u.role.toLowerCase()}@drivebay.example`}, ${u.level},
          ${enterprise!.id}, ${u.boc === undefined ? null : bocIds[u.boc]!}, ${u.store === undefined ? null : storeIds[u.store]!},
          ${u.division ?? (u.level === 'STORE' ? 'DIV004' : null)}, ${u.role === 'OFFICE_MANAGER' || u.role === 'SUPER_USER'})
        returning id`;
      await tx`insert into user_role (user_id, role, position) values (${row!.id}, ${u.role}, 0)`;
    }

    for (const [si, s] of DEMO_STORES.entries()) {
      const storeId = storeIds[si]!;
      const bocId = bocIds[s.boc]!;
      const agent = DEMO_ASSISTANTS[si]!;
      const customers = [];
      for (let k = 0; k < s.customers; k++) {
        const first = r.pick(FIRST_NAMES);
        const last = r.pick(LAST_NAMES);
        const area = s.areaCodes[k % s.areaCodes.length]!;
        customers.push({
          boc_id: bocId,
          store_id: storeId,
          custno: `${s.code}-${String(10001 + k)}`,
          first_name: first,
          last_name: last,
          // Fictional 555-0110..0199 numbers, unique per area code; 0100-0109 are the stores' own.
          cellular: `+1${area}55501${String(10 + (Math.floor(k / s.areaCodes.length) % 90))}`,
          email: r.chance(0.85) ? `${first}.${last}${k}@example.com`.toLowerCase().replace(/[^a-z0-9.@]/g, '') : null,
          time_zone: s.zone,
        });
      }
      const custRows = await tx<{ id: number; firstName: string; lastName: string; cellular: string; email: string | null }[]>`
        insert into customer ${tx(customers)} returning id, first_name, last_name, cellular, email`;
      customerCount += custRows.length;

      const vehicles = custRows.map((c) => {
        const year = r.int(2015, 2025);
        return {
          customer_id: c.id,
          vin: Array.from({ length: 17 }, () => r.pick([...VIN_CHARS])).join(''),
          make: s.brand,
          model: r.pick(MODELS[s.brand]!),
          year,
          odometer: r.int(3, 14) * 1000 * (2026 - year) + r.int(0, 999),
          last_service_date: new Date(t0 - r.int(30, 400) * DAY).toISOString().slice(0, 10),
        };
      });
      const vehRows = await tx<{ id: number; customerId: number; vin: string; model: string; year: number }[]>`
        insert into service_vehicle ${tx(vehicles)} returning id, customer_id, vin, model, year`;
      const sales = vehRows.map((v) => ({
        store_id: storeId,
        customer_id: v.customerId,
        service_vehicle_id: v.id,
        sold_date: `${v.year}-${String(r.int(1, 12)).padStart(2, '0')}-${String(r.int(1, 28)).padStart(2, '0')}`,
        deal_type: r.chance(0.8) ? 'New' : 'Used',
        sale_price: r.int(22, 58) * 1000,
      }));
      const saleRows = await tx<{ id: number }[]>`insert into sale ${tx(sales)} returning id`;

      const advisors = await tx<{ id: number }[]>`select id from service_advisor where store_id = ${storeId} order by id`;
      const fsis = [];
      const plans: { reply: (typeof CUSTOMER_REPLIES)[number] | null; start: number; unread: boolean }[] = [];
      for (let k = 0; k < s.interactions; k++) {
        const c = custRows[k]!;
        const v = vehRows[k]!;
        const serviceType = r.pick(SEED_SERVICE_TYPES);
        const reply = r.chance(0.7) ? r.pick(CUSTOMER_REPLIES) : null;
        // Most recent conversations first: the first ones are minutes old, the last weeks old.
        const start = t0 - (k < 12 ? r.int(2, 40) * MINUTE : r.int(1, 30) * DAY + r.int(0, 600) * MINUTE);
        plans.push({ reply, start, unread: !!reply && r.chance(0.45) });
        fsis.push({
          store_id: storeId,
          company_id: bocId,
          customer_id: c.id,
          service_vehicle_id: v.id,
          sale_id: saleRows[k]!.id,
          service_type: serviceType,
          planned_service_type: serviceType,
          planned_date: new Date(start + r.int(5, 20) * DAY).toISOString().slice(0, 10),
          estimated_due_date: new Date(start + r.int(0, 30) * DAY).toISOString().slice(0, 10),
          vin: v.vin,
          type: 'SERVICE',
          ai_enabled: !(reply?.handoff) && r.chance(0.85),
          conversation_initiated: true,
          conv_closed: reply?.optOut === true || reply?.insight === 'NLO' || reply?.insight === 'WN' ? r.chance(0.5) : false,
          appointment_set: reply?.appointment === true,
          responded_to_ai: !!reply,
          response_insight: reply?.insight ?? null,
          response_reqd: !!reply && !reply.optOut,
          lead_stage: reply ? (reply.appointment ? 'APPOINTMENT_SET' : 'RESPONDED') : 'INITIATED',
          toyota_care: s.brand === 'Toyota' && r.chance(0.3),
        });
      }
      const fsiRows = await tx<{ id: number }[]>`insert into future_service_interaction ${tx(fsis)} returning id`;
      interactionCount += fsiRows.length;

      const messages: MessageRecord[] = [];
      const marks: Record<string, unknown>[] = [];
      const appointments: Record<string, unknown>[] = [];
      for (const [k, f] of fsiRows.entries()) {
        const c = custRows[k]!;
        const v = vehRows[k]!;
        const plan = plans[k]!;
        const fsi = fsis[k]!;
        const agentName = `${agent.first} ${agent.last}`;
        const customerName = `${c.firstName} ${c.lastName}`;
        const base = {
          futureServiceInteractionId: f.id,
          storeId,
          customerId: c.id,
        };
        const template = REMINDER_TEXTS[fsi.service_type] ?? REMINDER_TEXTS.default!;
        const text = template
          .replace('{first}', c.firstName)
          .replace('{agent}', agent.first)
          .replace('{store}', s.name)
          .replace('{year}', String(v.year))
          .replace('{model}', v.model);
        const status = r.pick(['delivered', 'delivered', 'delivered', 'delivered', 'sent', 'undelivered', 'failed'] as const);
        messages.push({
          ...base, content: text, fromAddress: s.assistantPhone, fromName: agentName, toAddress: c.cellular, toName: customerName,
          direction: 'SENT', messageType: 'SMS', notificationType: 'MESSAGE_TO_CUSTOMER', createdOn: new Date(plan.start),
          timestamp: new Date(plan.start + 2000), messageStatus: status, messageSentBy: 'AI',
          errors: status === 'failed' || status === 'undelivered' ? [status === 'failed' ? 'Carrier rejected the message (30007)' : 'Unreachable destination handset (30003)'] : [],
          readStatus: true,
        });
        if (c.email && r.chance(0.25)) {
          messages.push({
            ...base, content: `<p>${text}</p><p>You can also reply to this email or call us at ${s.phone}.</p><p>— ${agentName}, ${s.name}</p>`,
            subject: `Your ${v.model} is due for service`, fromAddress: `${agent.first.toLowerCase()}@${s.code.toLowerCase()}.drivebay.example`,
            fromName: agentName, toAddress: c.email, toName: customerName, direction: 'SENT', messageType: 'EMAIL',
            notificationType: 'MESSAGE_TO_CUSTOMER', createdOn: new Date(plan.start + 5 * MINUTE), messageStatus: 'delivered', readStatus: true,
          });
        }
        if (!plan.reply || status === 'failed' || status === 'undelivered') continue;
        const replyAt = plan.start + (k < 12 ? 60_000 : r.int(3, 240) * MINUTE);
        messages.push({
          ...base, content: plan.reply.text, fromAddress: c.cellular, fromName: customerName, toAddress: s.assistantPhone,
          toName: agentName, direction: 'RECEIVED', messageType: 'SMS', notificationType: 'MESSAGE_FROM_CUSTOMER',
          createdOn: new Date(replyAt), timestamp: new Date(replyAt), messageStatus: 'received', responseReqd: !plan.reply.optOut,
          readStatus: !plan.unread,
        });
        if (plan.reply.optOut) {
          marks.push({ target: 'CUSTOMER', customer_id: c.id, intent_type: 'SMS_OPT_OUT', value: 'true' });
          continue;
        }
        marks.push({ target: 'FUTURE_SERVICE_INTERACTION', future_service_interaction_id: f.id, intent_type: plan.reply.insight!, value: 'true' });
        if (plan.reply.handoff) {
          messages.push({
            ...base, content: `<p>${customerName} needs a person: “${plan.reply.text}”</p>`, title: 'GM HANDOFF',
            fromName: agentName, toName: 'Service manager', direction: 'SENT', messageType: 'INTERNAL',
            notificationType: 'INTERNAL_NOTIFICATION_GM', createdOn: new Date(replyAt + 30_000), readStatus: true,
          });
        }
        if (plan.unread) continue;
        const answerAt = replyAt + r.int(1, 9) * MINUTE;
        if (plan.reply.appointment) {
          const apptStart = new Date(Math.ceil((answerAt + r.int(1, 6) * DAY) / HOUR) * HOUR);
          appointments.push({
            store_id: storeId, future_service_interaction_id: f.id, customer_id: c.id, service_vehicle_id: v.id,
            start_date: apptStart, end_date: new Date(apptStart.getTime() + HOUR), advisor_id: r.pick(advisors).id,
            op_codes: ['01OILZ'], title: `${fsi.service_type.replaceAll('_', ' ').toLowerCase()} for ${v.model}`, transport_type: 'WAITER',
          });
          messages.push({
            ...base, content: `Service appointment for your ${v.model}`, title: 'Service appointment', fromName: agentName,
            toAddress: c.email ?? c.cellular, toName: customerName, direction: 'SENT', messageType: 'CALENDAR_INVITE',
            notificationType: 'SCHEDULE_APPOINTMENT', createdOn: new Date(answerAt), startTime: apptStart, readStatus: true,
          });
        }
        messages.push({
          ...base, content: plan.reply.appointment ? FOLLOW_UPS[0]! : r.pick(FOLLOW_UPS.slice(1)), fromAddress: s.assistantPhone,
          fromName: agentName, toAddress: c.cellular, toName: customerName, direction: 'SENT', messageType: 'SMS',
          notificationType: 'MESSAGE_TO_CUSTOMER', createdOn: new Date(answerAt + 1000), timestamp: new Date(answerAt + 3000),
          messageStatus: 'delivered', messageSentBy: plan.reply.handoff ? 'Olivia Martinez' : 'AI', readStatus: true,
        });
        if (r.chance(0.2)) {
          messages.push({
            ...base, content: `<p>Called ${c.firstName}; prefers mornings. ${r.pick(['Confirmed the address.', 'Asked about the warranty.', 'Will bring both keys.'])}</p>`,
            fromName: 'Olivia Martinez', direction: 'SENT', messageType: 'INTERNAL_NOTES', notificationType: 'INTERNAL_NOTES',
            createdOn: new Date(answerAt + 20 * MINUTE), readStatus: true,
          });
        }
        if (r.chance(0.12)) {
          messages.push({
            ...base, content: `Outbound call to ${customerName}`, fromName: 'Olivia Martinez', fromAddress: s.phone,
            toAddress: c.cellular, toName: customerName, direction: 'SENT', messageType: 'INTERNAL', notificationType: 'CALL',
            createdOn: new Date(answerAt + 40 * MINUTE), startTime: new Date(answerAt + 40 * MINUTE), callDurationSeconds: r.int(35, 900),
            readStatus: true,
          });
        }
      }
      keepInThePast(messages, t0);
      await writeMessagesInBulk(tx as unknown as Sql, messages);
      messageCount += messages.length;
      if (marks.length) await tx`insert into mark ${tx(marks.map((m) => ({ ...MARK_DEFAULTS, ...m })) as never)} on conflict do nothing`;
      await tx`update customer set block_sms = true
        where id in (select customer_id from mark where target = 'CUSTOMER' and intent_type = 'SMS_OPT_OUT') and store_id = ${storeId}`;
      let apptRows: { id: number; customerId: number; serviceVehicleId: number; advisorId: number; startDate: Date }[] = [];
      if (appointments.length) {
        apptRows = await tx`insert into appointment ${tx(appointments as never)} returning id, customer_id, service_vehicle_id, advisor_id, start_date`;
      }
      await seedRepairOrders(tx as unknown as Sql, { storeId, code: s.code, r, t0, advisors, vehRows, apptRows });
    }

    await seedPlannerDemo(tx as unknown as Sql, now);

    // Counters and read markers follow from the messages, as they will at run time.
    await tx`
      update future_service_interaction f set
        total_inbound_count = m.inbound,
        total_unread_count = m.unread,
        last_message_received_date = m.last_at,
        last_read_message_id = m.last_read
      from (
        select future_service_interaction_id as id,
          count(*) filter (where direction = 'RECEIVED')::int as inbound,
          count(*) filter (where direction = 'RECEIVED' and not read_status)::int as unread,
          max(created_on) as last_at,
          max(id) filter (where read_status) as last_read
        from message_instance group by future_service_interaction_id
      ) m where m.id = f.id`;
    // Identity columns were given explicit ids above; move their sequences past them.
    await tx`select setval(pg_get_serial_sequence('enterprise', 'id'), (select max(id) from enterprise))`;
  });
  await seedDemoDataSync(sql);
  return { seeded: true, customers: customerCount, interactions: interactionCount, messages: messageCount };
}

/**
 * The freshest conversations are laid out minutes before the seed; their follow-ups may land after
 * it. Such a conversation is moved back as a whole, so it keeps its rhythm and nothing is dated in
 * the future.
 */
function keepInThePast(messages: MessageRecord[], t0: number): void {
  const latest = new Map<number, number>();
  for (const m of messages) {
    const at = m.createdOn!.getTime();
    latest.set(m.futureServiceInteractionId, Math.max(latest.get(m.futureServiceInteractionId) ?? 0, at));
  }
  for (const m of messages) {
    const shift = latest.get(m.futureServiceInteractionId)! - (t0 - MINUTE);
    if (shift <= 0) continue;
    m.createdOn = new Date(m.createdOn!.getTime() - shift);
    if (m.timestamp instanceof Date) m.timestamp = new Date(m.timestamp.getTime() - shift);
  }
}

type Rng = ReturnType<typeof rng>;

/** Open repair orders spread over the lanes, plus some closed today, for the store's board. */
async function seedRepairOrders(
  sql: Sql,
  o: {
    storeId: number;
    code: string;
    r: Rng;
    t0: number;
    advisors: { id: number }[];
    vehRows: { id: number; customerId: number }[];
    apptRows: { id: number; customerId: number; serviceVehicleId: number; advisorId: number; startDate: Date }[];
  },
): Promise<void> {
  const lanes = ['Appt', 'UNASSIGNED', 'PREASSIGNED', 'ASSIGNED', 'HOLD', 'COMPLETE', 'BOOKED', 'CLOSED'] as const;
  const perLane = [6, 5, 4, 6, 2, 3, 3, 5];
  const rows: Record<string, unknown>[] = [];
  let n = 0;
  for (const [li, lane] of lanes.entries()) {
    const keys: string[] = [];
    for (let k = 0; k < perLane[li]!; k++) keys.push(keyBetween(keys.at(-1) ?? null, null));
    for (let k = 0; k < perLane[li]!; k++) {
      const v = o.vehRows[(n * 7 + 3) % o.vehRows.length]!;
      const appt = lane === 'Appt' ? o.apptRows[k] : undefined;
      const opened = o.t0 - o.r.int(20, 300) * MINUTE;
      rows.push({
        store_id: o.storeId,
        ro_number: `${o.code}-${String(5001 + n)}`,
        customer_id: appt?.customerId ?? v.customerId,
        service_vehicle_id: appt?.serviceVehicleId ?? v.id,
        appointment_id: appt?.id ?? null,
        advisor_id: appt?.advisorId ?? o.r.pick(o.advisors).id,
        status_code: lane,
        order_key: keys[k]!,
        open_date: new Date(opened),
        promised_date: new Date(opened + o.r.int(2, 8) * HOUR),
        close_date: lane === 'CLOSED' ? new Date(opened + o.r.int(1, 3) * HOUR) : null,
      });
      n++;
    }
  }
  await sql`insert into repair_order ${sql(rows as never)}`;
}
