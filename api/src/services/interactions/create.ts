import type { DivisionId, ServiceType } from '@drivebay/shared';
import type { Sql } from '../../db/database';

/** A conversation to be had about a customer's vehicle, not yet started (no text has gone out). */
export type NewInteraction = {
  storeId: number;
  customerId: number;
  serviceVehicleId: number | null;
  serviceType: ServiceType;
  plannedServiceType?: ServiceType | null;
  /** The day the reminder is planned for, YYYY-MM-DD. */
  plannedDate?: string | null;
  /** The predicted due date, YYYY-MM-DD. */
  estimatedDueDate?: string | null;
  divisionId?: DivisionId;
  /** Where it came from (a planner run, a lead list), kept on the interaction. */
  metadata?: Record<string, unknown>;
  /** False: the assistant stays off (a conversation handed to people from the start). */
  aiEnabled?: boolean;
};

/**
 * Writes not-yet-started interactions in one statement, whatever their number: the BOC (company)
 * and VIN are taken from the store and the vehicle. Returns the new ids in the order of `rows`
 * (rows are inserted in that order, and ids are drawn from the identity as rows are inserted).
 */
export async function createInteractions(tx: Sql, rows: readonly NewInteraction[]): Promise<number[]> {
  if (!rows.length) return [];
  const input = rows.map((r, ord) => ({
    ord,
    store_id: r.storeId,
    customer_id: r.customerId,
    service_vehicle_id: r.serviceVehicleId,
    service_type: r.serviceType,
    planned_service_type: r.plannedServiceType ?? null,
    planned_date: r.plannedDate ?? null,
    estimated_due_date: r.estimatedDueDate ?? null,
    division_id: r.divisionId ?? 'DIV004',
    metadata: r.metadata ?? {},
    ai_enabled: r.aiEnabled ?? true,
  }));
  const created = await tx<{ id: number }[]>`
    insert into future_service_interaction
      (store_id, company_id, customer_id, service_vehicle_id, vin, division_id, service_type, planned_service_type,
       planned_date, estimated_due_date, type, conversation_initiated, metadata, ai_enabled)
    select i.store_id, s.boc_id, i.customer_id, i.service_vehicle_id, v.vin, i.division_id, i.service_type, i.planned_service_type,
      i.planned_date, i.estimated_due_date, 'SERVICE', false, i.metadata, i.ai_enabled
    from jsonb_to_recordset(${tx.json(input as never)}) as i(
      ord int, store_id bigint, customer_id bigint, service_vehicle_id bigint, service_type text, planned_service_type text,
      planned_date date, estimated_due_date date, division_id text, metadata jsonb, ai_enabled boolean)
    join store s on s.id = i.store_id
    left join service_vehicle v on v.id = i.service_vehicle_id
    order by i.ord
    returning id`;
  if (created.length !== rows.length) throw new Error(`createInteractions: ${rows.length - created.length} rows name a store that does not exist`);
  return created.map((r) => Number(r.id)).sort((a, b) => a - b);
}
