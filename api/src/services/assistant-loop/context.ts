import { BUSINESS_TIME_ZONE, isIanaTimeZone } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { isOptedOut } from '../conversations/opt-out';

/** Where the date-time dialogue of a conversation stands (table assistant_dialogue). */
export type DialogueStage = 'IDLE' | 'ASKED_DAY_TIME' | 'PROPOSED' | 'BOOKED' | 'HANDED_OFF';

export type Dialogue = {
  stage: DialogueStage;
  /** Slot starts offered to the customer; one means the customer was asked to confirm it. */
  proposedSlots: Date[];
  proposedOn: Date | null;
  requestedStart: Date | null;
  version: number;
};

/** Everything the assistant decides a turn from. */
export type LoopContext = {
  interactionId: number;
  storeId: number;
  enterpriseId: number;
  customerId: number;
  serviceVehicleId: number | null;
  divisionId: string;
  serviceType: string;
  aiEnabled: boolean;
  dtDialogEnabled: boolean;
  manualBooking: boolean;
  appointmentSet: boolean;
  isDtGotItsChance: boolean;
  responseInsight: string | null;
  customer: { firstName: string; lastName: string; cellular: string | null; email: string | null; optedOut: boolean };
  store: { name: string; code: string; zone: string; address: string | null };
  /** The customer's zone when it is a valid IANA zone, else the store's office zone. */
  zone: string;
  /** The store's texting identity for the conversation's division; null when it has none. */
  sender: { phone: string | null; name: string } | null;
  dialogue: Dialogue;
};

/** The interaction's own columns, read as the context names them. */
type FlagColumns = Pick<
  LoopContext,
  | 'storeId' | 'enterpriseId' | 'customerId' | 'serviceVehicleId' | 'divisionId' | 'serviceType' | 'aiEnabled' | 'dtDialogEnabled'
  | 'manualBooking' | 'appointmentSet' | 'isDtGotItsChance' | 'responseInsight'
>;

type Row = FlagColumns & {
  id: number;
  firstName: string;
  lastName: string;
  cellular: string | null;
  email: string | null;
  customerZone: string | null;
  storeName: string;
  storeCode: string;
  officeTimeZone: string;
  address: string | null;
  senderPhone: string | null;
  senderFirst: string | null;
  senderLast: string | null;
  stage: DialogueStage | null;
  proposedSlots: Date[] | null;
  proposedOn: Date | null;
  requestedStart: Date | null;
  version: number | null;
};

const validZone = (zone: string | null | undefined) => (zone && isIanaTimeZone(zone) ? zone : null);

/**
 * The interaction as the assistant sees it, read with `sql` (pass the transaction to read it
 * under the caller's lock). Null when the interaction does not exist.
 */
export async function loadContext(sql: Sql, interactionId: number): Promise<LoopContext | null> {
  const [r] = await sql<Row[]>`
    select f.id, f.store_id, b.enterprise_id, f.customer_id, f.service_vehicle_id, f.division_id, f.service_type,
      f.ai_enabled, f.dt_dialog_enabled, f.manual_booking, f.appointment_set, f.is_dt_got_its_chance, f.response_insight,
      c.first_name, c.last_name, c.cellular, c.email, c.time_zone as customer_zone,
      s.store_name, s.store_code, s.office_time_zone, s.address,
      a.agent_phone_number as sender_phone, a.agent_first_name as sender_first, a.agent_last_name as sender_last,
      d.stage, d.proposed_slots, d.proposed_on, d.requested_start, d.version
    from future_service_interaction f
    join customer c on c.id = f.customer_id
    join store s on s.id = f.store_id
    join boc b on b.id = s.boc_id
    left join assistant_dialogue d on d.future_service_interaction_id = f.id
    left join lateral (
      select * from assistant a where a.store_id = f.store_id
      order by (a.division_id = f.division_id) desc, (a.agent_phone_number is not null) desc, a.initializer_process_enabled desc, a.id
      limit 1
    ) a on true
    where f.id = ${interactionId}`;
  if (!r) return null;
  const storeZone = validZone(r.officeTimeZone) ?? BUSINESS_TIME_ZONE;
  const optedOut = await isOptedOut(sql, { storeId: r.storeId, customerId: r.customerId, phone: r.cellular });
  return {
    interactionId: r.id,
    storeId: r.storeId,
    enterpriseId: r.enterpriseId,
    customerId: r.customerId,
    serviceVehicleId: r.serviceVehicleId,
    divisionId: r.divisionId,
    serviceType: r.serviceType,
    aiEnabled: r.aiEnabled,
    dtDialogEnabled: r.dtDialogEnabled,
    manualBooking: r.manualBooking,
    appointmentSet: r.appointmentSet,
    isDtGotItsChance: r.isDtGotItsChance,
    responseInsight: r.responseInsight,
    customer: { firstName: r.firstName, lastName: r.lastName, cellular: r.cellular, email: r.email, optedOut },
    store: { name: r.storeName, code: r.storeCode, zone: storeZone, address: r.address },
    zone: validZone(r.customerZone) ?? storeZone,
    sender:
      r.senderFirst === null && r.senderPhone === null
        ? null
        : { phone: r.senderPhone, name: `${r.senderFirst ?? ''} ${r.senderLast ?? ''}`.trim() || r.storeName },
    dialogue: {
      stage: r.stage ?? 'IDLE',
      // Read as dates whatever the driver made of the array's elements.
      proposedSlots: (r.proposedSlots ?? []).map((d) => new Date(d)),
      proposedOn: r.proposedOn,
      requestedStart: r.requestedStart,
      version: r.version ?? 0,
    },
  };
}

/** The customer's name as staff read it, or their number when the record has no name yet. */
export function customerLabel(ctx: Pick<LoopContext, 'customer'>): string {
  return `${ctx.customer.firstName} ${ctx.customer.lastName}`.trim() || ctx.customer.cellular || 'The customer';
}
