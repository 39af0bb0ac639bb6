import { z } from 'zod';
import { RO_STATUS_CODES, type RoStatusCode } from '../../codes';
import { bridgeDateSchema, searchDateSchema } from './dates';

const id = z.number().int().positive();
const iso = z.string();
const laneCode = z.enum(RO_STATUS_CODES as [RoStatusCode, ...RoStatusCode[]]);
const storeIdParam = z.coerce.number().int().positive();

/** The advisor filter's "every advisor" value, as the bridge calls spell it. */
export const ALL_ADVISORS = 'ALL';

/** A service advisor of a store (the swimlane's advisor filter). */
export const serviceAdvisorSchema = z.object({
  id,
  storeId: id,
  /** The advisor's number in the dealer system; the filter and the bridge calls key on it. */
  advisorNo: z.string(),
  name: z.string(),
});
export type ServiceAdvisor = z.infer<typeof serviceAdvisorSchema>;

/** A repair order as the swimlane and the service-open calls return it. */
export const serviceOrderSchema = z.object({
  svcOpenRoIdPK: id,
  roNumber: z.string(),
  storeId: id,
  bocId: id,
  statusCode: laneCode,
  laneName: z.string(),
  orderKey: z.string(),
  customer: z
    .object({
      id,
      firstName: z.string(),
      lastName: z.string(),
      cellular: z.string().nullable(),
      email: z.string().nullable(),
      custno: z.string(),
    })
    .nullable(),
  vehicle: z
    .object({ id, vin: z.string(), make: z.string(), model: z.string(), year: z.number().int(), odometer: z.number().int().nullable() })
    .nullable(),
  advisor: serviceAdvisorSchema.nullable(),
  appointmentId: id.nullable(),
  openDate: iso,
  promisedDate: iso.nullable(),
  closeDate: iso.nullable(),
  updatedOn: iso,
  /** Unread customer messages over the customer's conversations in this store. */
  unreadCount: z.number().int().nonnegative(),
  lastMessageReceivedDate: iso.nullable(),
  /** The customer's most recent conversation in the store, to open it from the card. */
  futureServiceInteractionId: id.nullable(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

/** One entry of a repair order's audit trail. */
export const repairOrderMoveSchema = z.object({
  id,
  fromLane: laneCode,
  toLane: laneCode,
  fromKey: z.string(),
  toKey: z.string(),
  source: z.enum(['BOARD', 'DEALER_FEED']),
  userId: id.nullable(),
  /** Who moved it, or null when the dealer system did. */
  userName: z.string().nullable(),
  movedOn: iso,
});
export type RepairOrderMove = z.infer<typeof repairOrderMoveSchema>;

/** A repair order with its audit trail (the bridge's open service order detail). */
export const serviceOrderDetailSchema = serviceOrderSchema.extend({ moves: z.array(repairOrderMoveSchema) });
export type ServiceOrderDetail = z.infer<typeof serviceOrderDetailSchema>;

/** A page of repair orders: zero-based page number on the wire (swimlane jobs carry pagination). */
export const serviceOrderPageSchema = z.object({
  content: z.array(serviceOrderSchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
});
export type ServiceOrderPage = z.infer<typeof serviceOrderPageSchema>;

/** `POST /api/getOpenRoBtStoreId`: the open orders of some lanes, optionally of one advisor. */
export const openRoByStoreRequestSchema = z.object({
  statusCode: z.array(laneCode).min(1),
  storeId: storeIdParam,
  /** An advisor number; absent, null, empty or 'ALL' means every advisor. */
  advisorNo: z.string().trim().max(40).nullable().optional(),
});
export type OpenRoByStoreRequest = z.infer<typeof openRoByStoreRequestSchema>;

/** `GET /api/future-service-interaction/openro/search-by-status`. */
export const openRoByStatusQuerySchema = z.object({
  store_id_pk: storeIdParam,
  statusCode: laneCode,
  advisorNo: z.string().trim().min(1).optional(),
});

/** A yes/no query flag as links and forms write it. */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * `GET /api/future-service-interaction/closedro/search-by-closed-date`: orders closed from
 * `startDate` up to, not including, `endDate` (the client sends the last day plus one, §5).
 */
export const closedRoQuerySchema = z.object({
  store_id_pk: storeIdParam,
  startDate: searchDateSchema,
  endDate: searchDateSchema,
  /** true: only orders whose customer has written to the store. */
  lastMessageReceived: flag.optional(),
});

/** `GET .../service-open/boc/{bocId}/store/{storeId}/search-by-date`: orders opened in a range. */
export const openRoByDateQuerySchema = z.object({
  startDate: searchDateSchema,
  /** Exclusive, like the closed-RO search. */
  endDate: searchDateSchema,
  advisorNo: z.string().trim().min(1).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

/** The swimlane bridge's path parameters for a day of one store. */
export const bridgeDayParamsSchema = z.object({ store: storeIdParam, date: bridgeDateSchema });
