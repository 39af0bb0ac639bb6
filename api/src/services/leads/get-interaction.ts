import { AppError, type InteractionRecord, type InteractionVehicle } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { assertStoreAccess } from '../org/scope';

/**
 * One interaction with what the conversation screen needs around it: customer, store and BOC,
 * vehicle, sale and the marks on each. Outside the user's scope it is FORBIDDEN.
 */
export async function getInteraction(sql: Sql, user: SessionUser, id: number): Promise<InteractionRecord> {
  const [f] = await sql`
    select f.*, c.first_name, c.last_name, c.cellular, c.email, c.custno, c.block_sms, c.ai_enabled as customer_ai_enabled,
      s.store_code, s.store_name, s.office_time_zone, s.timezone_display,
      b.boc_code, b.boc_name
    from future_service_interaction f
    join customer c on c.id = f.customer_id
    join store s on s.id = f.store_id
    join boc b on b.id = f.company_id
    where f.id = ${id}`;
  if (!f) throw new AppError('NOT_FOUND', `Interaction ${id} does not exist`, [{ field: 'query.future-service-interaction-id', message: 'unknown interaction' }]);
  await assertStoreAccess(sql, user, f.storeId);
  const [vehicle] = f.serviceVehicleId
    ? await sql<InteractionVehicle[]>`select id, vin, make, model, year, odometer from service_vehicle where id = ${f.serviceVehicleId}`
    : [];
  const [sale] = f.saleId ? await sql`select id, to_char(sold_date, 'YYYY-MM-DD') as sold_date, deal_type from sale where id = ${f.saleId}` : [];
  const marks = await sql<{ target: string; intentType: string; value: string | null }[]>`
    select target, intent_type, value from mark
    where (target = 'FUTURE_SERVICE_INTERACTION' and future_service_interaction_id = ${f.id})
       or (target = 'CUSTOMER' and customer_id = ${f.customerId})
       or (target = 'SERVICE_VEHICLE' and service_vehicle_id = ${f.serviceVehicleId ?? 0})`;
  const marksOf = (target: string) =>
    marks.filter((m) => m.target === target).map((m) => ({ intentType: m.intentType, value: m.value, futureServiceInteractionId: f.id }));
  return {
    id: f.id,
    aiEnabled: f.aiEnabled,
    dtDialogEnabled: f.dtDialogEnabled,
    isDTGotItsChance: f.isDtGotItsChance,
    plannedServiceType: f.plannedServiceType,
    plannedDate: f.plannedDate,
    appointmentSet: f.appointmentSet,
    estimatedDueDate: f.estimatedDueDate,
    vin: f.vin,
    respondedToAI: f.respondedToAi,
    workflowReqd: f.workflowReqd,
    type: f.type,
    conversationInitiated: f.conversationInitiated,
    convClosed: f.convClosed,
    serviceType: f.serviceType,
    statusCode: f.statusCode,
    companyId: f.companyId,
    totalInboundCount: f.totalInboundCount,
    totalUnreadCount: f.totalUnreadCount,
    lastMessageReceivedDate: f.lastMessageReceivedDate,
    responseInsight: f.responseInsight,
    responseReqd: f.responseReqd,
    toyotaCare: f.toyotaCare,
    manualBooking: f.manualBooking,
    leadResponseStatus: f.leadResponseStatus,
    metadata: f.metadata,
    futureServiceInteractionMarks: marksOf('FUTURE_SERVICE_INTERACTION'),
    customerMarks: marksOf('CUSTOMER'),
    serviceVehicleMarks: marksOf('SERVICE_VEHICLE'),
    jaguarServiceAlertDTO: f.jaguarServiceAlert,
    customerMaster: {
      id: f.customerId, firstName: f.firstName, lastName: f.lastName, first_name: f.firstName, last_name: f.lastName,
      cellular: f.cellular, email: f.email, custno: f.custno, blockSms: f.blockSms, block_sms: f.blockSms, aiEnabled: f.customerAiEnabled,
    },
    storeMaster: {
      id: f.storeId, store_id: f.storeCode, store_name: f.storeName,
      officeMasterVO: { timezoneDisplay: f.timezoneDisplay, officeTimeZone: f.officeTimeZone },
      officeMasterTimezone: f.officeTimeZone,
    },
    bocMaster: { id: f.companyId, bocId: f.bocCode, bocName: f.bocName },
    serviceVehicle: vehicle ?? null,
    salesDto: sale ? { id: sale.id, sold_date: sale.soldDate, dealType: sale.dealType } : null,
  };
}
