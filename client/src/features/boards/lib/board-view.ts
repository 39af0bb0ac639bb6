import { ALL_ADVISORS, RO_LANES, type Appointment, type RoStatusCode, type ServiceOrder } from '@drivebay/shared';
import type { BoardCard, BoardLanes } from '@drivebay/shared/docs';

/** A card as the board draws it: live cards can be dragged, cards of another day cannot. */
export type ViewCard = BoardCard & { live: boolean };
export type ViewLanes = Record<RoStatusCode, ViewCard[]>;

/** The spec's danger messages of the swimlane (§8). */
export const SWIMLANE_MESSAGES = {
  orders: 'Unable to get service orders.',
  stores: 'Unable to get swimlane stores.',
  advisors: 'Unable to get swimlane Advisors by Stores.',
  closed: 'Unable to get Closed RO.',
  appointments: 'Unable to get swimlane Appointments By Store.',
} as const;

function emptyLanes(): ViewLanes {
  return Object.fromEntries(RO_LANES.map((l) => [l.code, [] as ViewCard[]])) as unknown as ViewLanes;
}

/** A closed order of another day as a card (read-only). */
export function cardOfOrder(o: ServiceOrder): ViewCard {
  return {
    id: o.svcOpenRoIdPK,
    roNumber: o.roNumber,
    lane: o.statusCode,
    orderKey: o.orderKey,
    customerName: o.customer ? `${o.customer.firstName} ${o.customer.lastName}`.trim() : '',
    vehicle: o.vehicle ? `${o.vehicle.year} ${o.vehicle.make} ${o.vehicle.model}` : null,
    advisorName: o.advisor?.name ?? null,
    advisorNo: o.advisor?.advisorNo ?? null,
    promisedDate: o.promisedDate,
    unreadCount: o.unreadCount,
    updatedOn: o.updatedOn,
    customerId: o.customer?.id ?? null,
    interactionId: o.futureServiceInteractionId,
    live: false,
  };
}

/** An appointment of another day as a card of the Appointments lane (read-only); its time is the promise. */
export function cardOfAppointment(a: Appointment, advisorNo: string | null): ViewCard {
  return {
    id: a.apptId,
    roNumber: `Appt ${a.apptId}`,
    lane: 'Appt',
    orderKey: 'V',
    customerName: a.customer ? `${a.customer.firstName} ${a.customer.lastName}`.trim() : '',
    vehicle: a.vehicle ? `${a.vehicle.year} ${a.vehicle.make} ${a.vehicle.model}` : null,
    advisorName: a.advisorName,
    advisorNo,
    promisedDate: a.startDate,
    unreadCount: 0,
    updatedOn: a.updatedOn,
    customerId: a.customer?.id ?? null,
    interactionId: a.future_service_interaction_id,
    live: false,
  };
}

export type BoardViewInput = {
  live: BoardLanes;
  /** null: today, every lane is live; otherwise the day's appointments and closed orders replace those lanes. */
  otherDay: { appointments: ViewCard[]; closed: ViewCard[] } | null;
  /** An advisor number, or ALL. */
  advisorNo: string;
};

/** The lanes the board draws: live cards, or another day's appointments and closed orders, for one advisor or all. */
export function boardView({ live, otherDay, advisorNo }: BoardViewInput): ViewLanes {
  const lanes = emptyLanes();
  for (const { code } of RO_LANES) {
    const fromOtherDay = otherDay && (code === 'Appt' ? otherDay.appointments : code === 'CLOSED' ? otherDay.closed : null);
    const cards = fromOtherDay ?? live[code].map((c) => ({ ...c, live: true }));
    lanes[code] = advisorNo === ALL_ADVISORS ? cards : cards.filter((c) => c.advisorNo === advisorNo);
  }
  return lanes;
}

/** Unread customer messages over a lane's cards. */
export function laneUnread(cards: readonly ViewCard[]): number {
  return cards.reduce((sum, c) => sum + c.unreadCount, 0);
}

// Lanes where the car is still in the shop: past its promise there means the customer is waiting.
// Ready To Post and Closed cars are done, and an appointment's time is not a promise to deliver.
const WAITING_LANES: ReadonlySet<RoStatusCode> = new Set(['UNASSIGNED', 'PREASSIGNED', 'ASSIGNED', 'HOLD', 'COMPLETE']);

/** Whether a car is past the time it was promised to its customer and still not ready. */
export function isPastPromise(card: Pick<BoardCard, 'lane' | 'promisedDate'>, now: number): boolean {
  if (!card.promisedDate || !WAITING_LANES.has(card.lane)) return false;
  return Date.parse(card.promisedDate) < now;
}
