import { z } from 'zod';
import {
  SERVICE_TYPES,
  dealRoomAssistantSchema,
  dealRoomInteractionSchema,
  interactionRecordSchema,
  messageInstanceSchema,
  sendMessageResponseSchema,
  type DealRoomAssistant,
  type MessageInstanceDto,
  type SendMessage,
  type SendMessageResponse,
  type ServiceType,
  type SignedLinkQuery,
} from '@drivebay/shared';
import { apiRequest } from '../../../lib/api-client';

/** What the deal room's header and editor need to know about the conversation. */
export type DealRoomHeader = {
  interactionId: number;
  customerId: number;
  customerName: string;
  customerPhone: string | null;
  optedOut: boolean;
  storeId: number;
  companyId: number | null;
  storeName: string;
  timeZone: string;
  serviceType: ServiceType | null;
  /** Who the room acts as (the link's user, or the signed-in user). */
  userName: string;
};

export type SentMessage = SendMessageResponse;

/** Where the deal room reads and sends: through a signed link, or as the signed-in user. */
export type DealRoomSource = {
  key: string;
  loadHeader: (signal: AbortSignal) => Promise<DealRoomHeader>;
  loadHistory: (signal: AbortSignal) => Promise<MessageInstanceDto[]>;
  loadAssistants?: (signal: AbortSignal) => Promise<DealRoomAssistant[]>;
  send: (content: string, clientMessageId: string) => Promise<SentMessage>;
};

const fullName = (first: string | null | undefined, last: string | null | undefined) => [first, last].filter(Boolean).join(' ').trim();
const asServiceType = (s: string | null | undefined): ServiceType | null => ((SERVICE_TYPES as readonly string[]).includes(s ?? '') ? (s as ServiceType) : null);

// The link's pages show their own outcome; a stored staff session plays no part in them.
const link = { notify: false, handleUnauthorized: false } as const;

/** The deal room opened from a signed link (spec §7 /servicedealroom/*, no login). */
export function linkDealRoomSource(q: SignedLinkQuery): DealRoomSource {
  const query = { futureServiceInteractionId: q.futureServiceInteractionId, userMasterId: q.userMasterId, token: q.token };
  return {
    key: `link:${q.futureServiceInteractionId}:${q.userMasterId}:${q.token}`,
    loadHeader: async (signal) => {
      const r = await apiRequest('/servicedealroom/future-service-interaction', { query, schema: dealRoomInteractionSchema, signal, ...link });
      return {
        interactionId: r.id,
        customerId: r.customerMaster.id,
        customerName: fullName(r.customerMaster.firstName, r.customerMaster.lastName) || 'Customer',
        customerPhone: r.customerMaster.cellular,
        optedOut: r.customerMaster.blockSms,
        storeId: r.storeMaster.id,
        companyId: null,
        storeName: r.storeMaster.storeName,
        timeZone: r.storeMaster.officeTimeZone,
        serviceType: r.serviceType,
        userName: fullName(r.user.firstName, r.user.lastName),
      };
    },
    loadHistory: (signal) =>
      apiRequest('/servicedealroom/conversationHistory', { query, schema: z.array(messageInstanceSchema), signal, ...link }),
    loadAssistants: (signal) => apiRequest('/servicedealroom/assistantList', { query, schema: z.array(dealRoomAssistantSchema), signal, ...link }),
    send: (content, clientMessageId) =>
      apiRequest('/servicedealroom/send-message', {
        method: 'POST',
        query,
        body: { content, clientMessageId },
        schema: sendMessageResponseSchema,
        ...link,
      }),
  };
}

// The signed-in deal room reads the interaction record's header fields; zod drops the rest.
const interactionSchema = interactionRecordSchema.pick({ id: true, companyId: true, serviceType: true, customerMaster: true, storeMaster: true });

/** The service division, whose assistant texts the customers (spec §7: the lookup fixes DIV004). */
const SERVICE_DIVISION = 'DIV004';

/** The /leadmanager deal room of a signed-in user: the conversation calls of spec §7. */
export function signedInDealRoomSource(interactionId: number, user: { firstName: string; lastName: string; username: string }): DealRoomSource {
  let customer: { id: number; cellular: string | null; name: string } | null = null;
  const loadInteraction = (signal: AbortSignal) =>
    apiRequest('/api/future-service-interaction', { query: { 'future-service-interaction-id': interactionId }, schema: interactionSchema, signal });
  return {
    key: `user:${interactionId}`,
    loadHeader: async (signal) => {
      const r = await loadInteraction(signal);
      const name = fullName(r.customerMaster.firstName, r.customerMaster.lastName) || 'Customer';
      customer = { id: r.customerMaster.id, cellular: r.customerMaster.cellular ?? null, name };
      return {
        interactionId: r.id,
        customerId: r.customerMaster.id,
        customerName: name,
        customerPhone: r.customerMaster.cellular ?? null,
        optedOut: r.customerMaster.blockSms === true,
        storeId: r.storeMaster.id,
        companyId: r.companyId ?? null,
        storeName: r.storeMaster.store_name ?? '',
        timeZone: r.storeMaster.officeMasterVO?.officeTimeZone ?? 'America/New_York',
        serviceType: asServiceType(r.serviceType),
        userName: fullName(user.firstName, user.lastName) || user.username,
      };
    },
    // The store's assistants; the one with initializerProcessEnabled is the sender.
    loadAssistants: async (signal) => {
      const r = await loadInteraction(signal);
      if (!r.companyId) return [];
      return apiRequest('/assistant/v2/getassistlist', {
        query: { boc_id_pk: r.companyId, store_id_pk: r.storeMaster.id, divisionId: SERVICE_DIVISION },
        schema: z.array(dealRoomAssistantSchema),
        signal,
        notify: false,
      });
    },
    loadHistory: (signal) =>
      apiRequest('/api/svc-message-instance/conversation-history', {
        query: { future_service_interaction_id: interactionId },
        schema: z.array(messageInstanceSchema),
        signal,
        notify: false,
      }),
    send: (content, clientMessageId) => {
      if (!customer) return Promise.reject(new Error('The conversation has not loaded yet'));
      return apiRequest('/api/svc-message-instance/svc-send-message', {
        method: 'POST',
        body: {
          id: customer.id,
          jaguarFutureServiceInteractionId: interactionId,
          content,
          to: customer.cellular,
          toName: customer.name,
          fromName: fullName(user.firstName, user.lastName) || user.username,
          direction: 'SEND',
          messageType: 'SMS',
          notificationType: 'MESSAGE_TO_CUSTOMER',
          clientMessageId,
        } satisfies SendMessage,
        schema: sendMessageResponseSchema,
        notify: false,
      });
    },
  };
}
