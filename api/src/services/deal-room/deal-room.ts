import {
  canSeeMessage,
  expandMergeFields,
  templateBodyToText,
  type DealRoomAssistant,
  type DealRoomInteraction,
  type DealRoomSend,
  type MessageInstanceDto,
  type PopulatedTemplate,
  type ServiceType,
  type SignedLinkQuery,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { ServiceDeps } from '../conversations/deps';
import { messageColumns, toMessageDto, type MessageRow } from '../conversations/message-dto';
import { sendMessage } from '../conversations/send-message';
import { openStaffLink } from '../landing/link-access';
import type { LinkSecretSource } from '../landing/link-tokens';
import { loadMergeValues } from '../templates/merge-values';
import { usableTemplates } from '../templates/store-templates';

/**
 * The public deal room: a staff user opens a conversation from a signed link (no login) and
 * answers the customer. Every call checks the link and then acts as the user it was made for,
 * with that user's roles and scope, on that one interaction only.
 */

export async function dealRoomInteraction(sql: Sql, secrets: LinkSecretSource, q: SignedLinkQuery): Promise<DealRoomInteraction> {
  const { interaction, user, claims } = await openStaffLink(sql, secrets, 'DEAL_ROOM', q);
  const [r] = await sql<
    {
      firstName: string; lastName: string; cellular: string | null; email: string | null; blockSms: boolean; optedOut: boolean;
      storeName: string; zone: string; zoneDisplay: string; make: string | null; model: string | null; year: number | null; vin: string | null;
    }[]
  >`
    select c.first_name, c.last_name, c.cellular, c.email, c.block_sms,
      exists(select 1 from mark k where k.target = 'CUSTOMER' and k.customer_id = c.id and k.intent_type = 'SMS_OPT_OUT') as opted_out,
      s.store_name, s.office_time_zone as zone, s.timezone_display as zone_display, v.make, v.model, v.year, v.vin
    from future_service_interaction f
    join customer c on c.id = f.customer_id
    join store s on s.id = f.store_id
    left join service_vehicle v on v.id = f.service_vehicle_id
    where f.id = ${interaction.id}`;
  return {
    id: interaction.id,
    serviceType: interaction.serviceType as ServiceType,
    divisionId: interaction.divisionId,
    aiEnabled: interaction.aiEnabled,
    convClosed: interaction.convClosed,
    customerMaster: {
      id: interaction.customerId,
      firstName: r!.firstName,
      lastName: r!.lastName,
      cellular: r!.cellular,
      email: r!.email,
      blockSms: r!.blockSms || r!.optedOut,
    },
    storeMaster: { id: interaction.storeId, storeName: r!.storeName, officeTimeZone: r!.zone, timezoneDisplay: r!.zoneDisplay },
    serviceVehicle: r!.make && r!.model && r!.year !== null && r!.vin ? { make: r!.make, model: r!.model, year: r!.year, vin: r!.vin } : null,
    user: { userMasterId: user.userId, firstName: user.firstName, lastName: user.lastName },
    linkExpiresAt: claims.expiresAt.toISOString(),
  };
}

/** The thread, oldest first, as far as the link's user may see it (spec §6). */
export async function dealRoomHistory(sql: Sql, secrets: LinkSecretSource, q: SignedLinkQuery): Promise<MessageInstanceDto[]> {
  const { interaction, user } = await openStaffLink(sql, secrets, 'DEAL_ROOM', q);
  const rows = await sql<MessageRow[]>`
    select ${messageColumns(sql, { thread: true })} from message_instance m
    where m.future_service_interaction_id = ${interaction.id}
    order by m.created_on, m.id`;
  return rows.filter((m) => canSeeMessage(user.roles, m)).map(toMessageDto);
}

/** The store's assistants for the interaction's division (others when it has none); the initializer sends. */
export async function dealRoomAssistants(sql: Sql, secrets: LinkSecretSource, q: SignedLinkQuery): Promise<DealRoomAssistant[]> {
  const { interaction } = await openStaffLink(sql, secrets, 'DEAL_ROOM', q);
  const rows = await sql<DealRoomAssistant[]>`
    select id, agent_first_name, agent_last_name, agent_phone_number, division_id, initializer_process_enabled from assistant
    where store_id = ${interaction.storeId}
    order by (division_id = ${interaction.divisionId}) desc, initializer_process_enabled desc, id`;
  const own = rows.filter((a) => a.divisionId === interaction.divisionId);
  return own.length ? own : rows;
}

/**
 * The template picker of the deal room: the link user's personal templates or their enterprise's
 * group templates, each with its body filled in for this conversation and its line breaks as
 * newlines, ready for the message box.
 */
export async function dealRoomTemplates(
  sql: Sql,
  secrets: LinkSecretSource,
  q: SignedLinkQuery & { source: 'PERSONAL' | 'GROUP' },
): Promise<PopulatedTemplate[]> {
  const { interaction, user } = await openStaffLink(sql, secrets, 'DEAL_ROOM', q);
  const templates = await usableTemplates(sql, user, {
    companyId: interaction.companyId,
    officeId: interaction.storeId,
    divisionId: interaction.divisionId,
    source: q.source,
  });
  const values = await loadMergeValues(sql, interaction.id);
  return templates.map((t) => ({
    ...t,
    // The link does not let anyone change templates; editing is for the signed-in app.
    canEdit: false,
    populatedBody: templateBodyToText(values ? expandMergeFields(t.body, values) : t.body),
  }));
}

/** A text to the customer from the deal room, sent as the link's user through the usual send path. */
export async function dealRoomSend(deps: ServiceDeps, secrets: LinkSecretSource, q: SignedLinkQuery, input: DealRoomSend) {
  const { interaction, user } = await openStaffLink(deps.sql, secrets, 'DEAL_ROOM', q);
  const { created: _created, ...result } = await sendMessage(deps, user, {
    id: interaction.customerId,
    jaguarFutureServiceInteractionId: interaction.id,
    content: input.content,
    direction: 'SEND',
    messageType: 'SMS',
    notificationType: 'MESSAGE_TO_CUSTOMER',
    fromName: `${user.firstName} ${user.lastName}`.trim() || user.username,
    clientMessageId: input.clientMessageId,
  });
  return result;
}
