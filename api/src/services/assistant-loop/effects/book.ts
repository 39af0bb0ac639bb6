import type { TransactionSql } from 'postgres';
import { AppError, type ServiceType } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import { writeBooking } from '../../appointments/book-appointment';
import type { LoopContext } from '../context';
import type { Step } from '../decide';
import { lookUpSlots } from '../slots';

/** The operation booked for an interaction's service type; scheduled maintenance for the rest. */
const OP_CODE_FOR: Partial<Record<ServiceType, string>> = {
  OIL_CHANGE: '01OILZ', OIL_CHANGE_CPO: '01OILZ', OIL_CHANGE_10K: '01OILZ', OIL_CHANGE_15K: '01OILZ', OIL_CHANGE_20K: '01OILZ',
  OIL_CHANGE_25K: '01OILZ', OIL_CHANGE_POST_30_MONTHS: '01OILZ', CHECK_UP: '03MPI', CHECK_UP_30D: '03MPI', CHECK_UP_CPO: '03MPI',
  STATE_INSPECTION: '06STATE', TOYOTA_ERROR_ALERT: '09DIAG', LEXUS_ERROR_ALERT: '09DIAG',
};
const DEFAULT_OP_CODE = '10MAINT';

/** A booking refused because of the time (taken, passed, closed), which the customer can fix by choosing another. */
function isSlotRefusal(err: unknown): boolean {
  return err instanceof AppError && (err.code === 'CONFLICT' || (err.code === 'VALIDATION_FAILED' && err.details[0]?.field === 'startTime'));
}

/**
 * Books `start` for the conversation inside the caller's transaction, through the booking
 * service's own writer (the slot's capacity under its lock), with no user behind it. A loaner or
 * pickup-and-delivery request the customer made gives the transport.
 */
async function bookSlot(db: Sql, ctx: LoopContext, start: Date, now: Date): Promise<number> {
  const [requests] = await db<{ loaner: boolean; delivery: boolean }[]>`
    select bool_or(intent_type = 'REQ_LOANER') as loaner, bool_or(intent_type = 'REQ_PD') as delivery
    from mark where target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${ctx.interactionId}`;
  const transportType = requests?.loaner ? 'LOANER' : requests?.delivery ? 'PICKUP_DELIVERY' : null;
  return writeBooking(
    db,
    {
      storeId: ctx.storeId, start, fid: ctx.interactionId, customerId: ctx.customerId, serviceVehicleId: ctx.serviceVehicleId,
      opCodes: [OP_CODE_FOR[ctx.serviceType as ServiceType] ?? DEFAULT_OP_CODE], dealerCode: ctx.store.code, transportType, createdBy: null,
    },
    now,
  );
}

/**
 * A BOOK step books its slot in a savepoint; when the slot was taken (or passed) since it was
 * offered, the step becomes an offer of the nearest free times instead (or the day-and-time
 * question when there are none). Other steps pass through.
 */
export async function bookOrPropose(t: TransactionSql, ctx: LoopContext, step: Step, now: Date): Promise<{ step: Step; appointmentId: number | null }> {
  if (step.kind !== 'BOOK') return { step, appointmentId: null };
  const start = step.start;
  try {
    return { step, appointmentId: await t.savepoint((sp) => bookSlot(sp as unknown as Sql, ctx, start, now)) };
  } catch (err) {
    if (!isSlotRefusal(err)) throw err;
    const found = await lookUpSlots(t as unknown as Sql, { storeId: ctx.storeId, zone: ctx.store.zone, requested: start, hasTime: true, now });
    const next: Step = found.kind === 'free'
      ? { kind: 'PROPOSE', starts: [found.start], requested: start, exact: true }
      : found.starts.length ? { kind: 'PROPOSE', starts: found.starts, requested: start, exact: false } : { kind: 'ASK', reply: 'DT_OTHER_TIME' };
    return { step: next, appointmentId: null };
  }
}
