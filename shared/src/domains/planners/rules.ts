import type { ServiceType } from '../../codes';
import {
  FALLBACK_DAILY_MILES,
  FIRST_SERVICE_MAKES,
  LEFT_OUT_MARKS,
  LEFT_OUT_REASONS,
  PLANNERS,
  STATE_INSPECTION_RULES,
  ZERO_K_ENTERPRISE_ID,
  type LeftOutReason,
  type PlannerCode,
  type PlannerDefinition,
} from './constants';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (the engine's arithmetic is in whole days). */
export function dayNumber(iso: string): number {
  return Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS);
}

/** The `YYYY-MM-DD` day of a day number. */
export function dayFromNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The planner date and the sold-date filter arrive as DD.MM.YYYY. Returns `YYYY-MM-DD`, or null
 * when the text names no calendar day (31.02.2026, 1.2.2026, 2026-02-01).
 */
export function parsePlannerDate(text: string): string | null {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  const n = dayNumber(iso);
  return Number.isFinite(n) && dayFromNumber(n) === iso ? iso : null;
}

/** A `YYYY-MM-DD` day written as DD.MM.YYYY, as the planner calls send it. */
export function formatPlannerDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

/** A `YYYY-MM-DD` day written as DD/MM/YYYY, as the screens show dates. */
export function displayDate(iso: string | null): string {
  return iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '';
}

/** The two-letter state at the end of a US address ("..., Brooklyn, NY 11216"), or null. */
export function stateOfAddress(address: string | null): string | null {
  const m = /\b([A-Z]{2})\s+\d{5}(?:-\d{4})?\s*$/.exec(address ?? '');
  return m ? m[1]! : null;
}

/** A planner as it applies at one store: the state's inspection rule, the enterprise's zero-k rule. */
export type ResolvedPlanner = PlannerDefinition & {
  /** For STATE_INSPECTION: the state whose rule applies (null: the store's state is unknown or inspects nothing). */
  state: string | null;
};

/** The planner `code` as it applies to a store in `state` of enterprise `enterpriseId`. */
export function resolvePlanner(code: PlannerCode, at: { state: string | null; enterpriseId: number }): ResolvedPlanner {
  const base = PLANNERS[code];
  if (code === 'STATE_INSPECTION') {
    const rule = at.state ? STATE_INSPECTION_RULES[at.state] : undefined;
    return rule ? { ...base, ...rule, state: at.state } : { ...base, firstDays: null, repeatDays: null, state: null };
  }
  if (code === '0K' && at.enterpriseId === ZERO_K_ENTERPRISE_ID) return { ...base, dealTypes: null, state: null };
  return { ...base, state: null };
}

/** The service type of the interaction a planner creates for a vehicle of this make. */
export function plannerServiceType(planner: PlannerDefinition, make: string): ServiceType {
  if (planner.code === 'FIRST_SERVICE') return FIRST_SERVICE_MAKES[make.toLowerCase()] ?? planner.serviceType;
  return planner.serviceType;
}

export type OdometerReading = { readOn: string; odometer: number };

/**
 * How fast a vehicle is driven: miles over days between its two readings used. Kept as a
 * fraction so the engine and the database agree to the day.
 */
export type DailyRate = { miles: number; days: number; source: 'VEHICLE' | 'FALLBACK' };

/**
 * The readings the estimate rests on and the vehicle's daily use. The last two readings give the
 * rate; a new vehicle counts its sale as a reading of 0 miles when it has fewer than two after it;
 * one reading (or two that go backwards or fall on one day) falls back to FALLBACK_DAILY_MILES.
 */
export function readingsAndRate(input: {
  /** The vehicle's latest readings, newest first (at most two are used). */
  readings: readonly OdometerReading[];
  soldDate: string | null;
  dealType: string | null;
}): { last: OdometerReading | null; previous: OdometerReading | null; rate: DailyRate } {
  const saleReading = input.dealType === 'New' && input.soldDate ? { readOn: input.soldDate, odometer: 0 } : null;
  const last = input.readings[0] ?? saleReading;
  let previous = input.readings[1] ?? null;
  if (!previous && input.readings[0] && saleReading && dayNumber(input.readings[0].readOn) > dayNumber(saleReading.readOn)) previous = saleReading;
  const fallback: DailyRate = { miles: FALLBACK_DAILY_MILES, days: 1, source: 'FALLBACK' };
  if (!last || !previous) return { last, previous: null, rate: fallback };
  const days = dayNumber(last.readOn) - dayNumber(previous.readOn);
  const miles = last.odometer - previous.odometer;
  if (days <= 0 || miles < 0) return { last, previous: null, rate: fallback };
  return { last, previous, rate: { miles, days, source: 'VEHICLE' } };
}

/** The odometer a vehicle is estimated to show on `on`, from its last reading and its rate. */
export function estimateMileage(last: OdometerReading, rate: DailyRate, on: string): number {
  return last.odometer + Math.floor(((dayNumber(on) - dayNumber(last.readOn)) * rate.miles) / rate.days);
}

/** The day the odometer is estimated to reach `target` (past or future), or null when it never moves. */
export function dayMileageReached(last: OdometerReading, rate: DailyRate, target: number): string | null {
  if (rate.miles <= 0) return null;
  return dayFromNumber(dayNumber(last.readOn) + Math.ceil(((target - last.odometer) * rate.days) / rate.miles));
}

/** What the engine knows of one vehicle for one planner. */
export type VehicleFacts = {
  make: string;
  model: string;
  soldDate: string | null;
  dealType: string | null;
  /** Newest first; at most two are used. */
  readings: readonly OdometerReading[];
  /** The first reading within 30 days after the sale: what the odometer showed at delivery. */
  deliveryReading: OdometerReading | null;
  /** The latest closed repair order with one of the planner's service types. */
  lastMatchingService: { closedOn: string; roNumber: string } | null;
  /** The latest closed repair order of any kind (the LAST_RO anchor). */
  lastRepairOrder: { closedOn: string; roNumber: string } | null;
  /** The latest error alert of a connected-vehicle report (the ALERT anchor). */
  latestAlert: { readOn: string; code: string } | null;
  /** An open interaction for this vehicle, or another started conversation of the customer still open. */
  openInteraction: boolean;
  /** The store texted or e-mailed the customer within CONTACTED_WITHIN_DAYS days. */
  recentlyContacted: boolean;
  optedOut: boolean;
  blocked: boolean;
  hasMobile: boolean;
  /** Response-category marks on the customer, the vehicle or the vehicle's interactions. */
  marks: readonly string[];
};

/** Why a vehicle is due when it is: what a row of the planner list shows. */
export type DueWhy = {
  dueBy: 'MILEAGE' | 'TIME';
  anchorDate: string;
  lastReading: OdometerReading | null;
  previousReading: OdometerReading | null;
  rateSource: DailyRate['source'];
  /** Miles a day, one decimal. */
  dailyMiles: number;
  estimatedMileage: number | null;
  targetOdometer: number | null;
  mileageDueDate: string | null;
  timeDueDate: string | null;
  lastMatchingService: { closedOn: string; roNumber: string } | null;
};

export type Prediction =
  | { status: 'NOT_ELIGIBLE' }
  | { status: 'NOT_DUE'; dueDate: string; why: DueWhy }
  | { status: 'DUE'; dueDate: string; why: DueWhy }
  | { status: 'LEFT_OUT'; reason: LeftOutReason; dueDate: string; why: DueWhy };

/** The first reason, in LEFT_OUT_REASONS order, that keeps a due vehicle off the list. */
export function leftOutReason(
  f: Pick<VehicleFacts, 'openInteraction' | 'recentlyContacted' | 'optedOut' | 'blocked' | 'hasMobile' | 'marks'>,
  performed: boolean,
): LeftOutReason | null {
  for (const reason of LEFT_OUT_REASONS) {
    if (reason === 'SERVICE_PERFORMED' && performed) return reason;
    if (reason === 'OPEN_INTERACTION' && f.openInteraction) return reason;
    if (reason === 'RECENTLY_CONTACTED' && f.recentlyContacted) return reason;
    if (reason === 'OPTED_OUT' && f.optedOut) return reason;
    if (reason === 'BLOCKED' && f.blocked) return reason;
    if (reason === 'NO_MOBILE' && !f.hasMobile) return reason;
    const mark = LEFT_OUT_MARKS[reason];
    if (mark && f.marks.includes(mark)) return reason;
  }
  return null;
}

/** Whether a planner applies to a vehicle at all (make, model, deal type). */
export function plannerApplies(p: ResolvedPlanner, f: Pick<VehicleFacts, 'make' | 'model' | 'dealType'>): boolean {
  if (p.makes && !p.makes.includes(f.make.toLowerCase())) return false;
  if (p.models && !p.models.some((m) => m.toLowerCase() === f.model.toLowerCase())) return false;
  if (p.dealTypes && !p.dealTypes.includes(f.dealType ?? '')) return false;
  return true;
}

/**
 * The service-due rule of one planner for one vehicle on the planner date, with the window
 * [plannerDate + minimumDays, plannerDate + maximumDays] in which a due date puts it on the list.
 * Time: the anchor plus firstDays (then every repeatDays, the first cycle not before the window).
 * Mileage: the day the estimated odometer reaches the delivery reading plus dueMiles. The earlier
 * of the two is the due date. The database computes the same in one statement
 * (api/src/services/planners/due-query.ts); the tests hold the two together.
 */
export function predictDue(p: ResolvedPlanner, f: VehicleFacts, window: { plannerDate: string; minimumDays: number; maximumDays: number }): Prediction {
  if (!plannerApplies(p, f) || !f.soldDate) return { status: 'NOT_ELIGIBLE' };
  const anchorDate = p.anchor === 'SALE' ? f.soldDate : p.anchor === 'LAST_RO' ? (f.lastRepairOrder?.closedOn ?? null) : (f.latestAlert?.readOn ?? null);
  if (!anchorDate) return { status: 'NOT_ELIGIBLE' };
  const planner = dayNumber(window.plannerDate);
  const start = planner + window.minimumDays;
  const end = planner + window.maximumDays;

  let timeDue: number | null = null;
  if (p.firstDays !== null) {
    timeDue = dayNumber(anchorDate) + p.firstDays;
    if (p.repeatDays !== null && timeDue < start) timeDue += Math.ceil((start - timeDue) / p.repeatDays) * p.repeatDays;
  }

  const { last, previous, rate } = readingsAndRate(f);
  const deliveryOdometer = f.deliveryReading?.odometer ?? (f.dealType === 'New' ? 0 : null);
  const targetOdometer = p.dueMiles !== null && deliveryOdometer !== null ? deliveryOdometer + p.dueMiles : null;
  const mileageDue = targetOdometer !== null && last ? dayMileageReached(last, rate, targetOdometer) : null;

  const candidates = [mileageDue === null ? null : dayNumber(mileageDue), timeDue].filter((d): d is number => d !== null);
  if (!candidates.length) return { status: 'NOT_ELIGIBLE' };
  const due = Math.min(...candidates);
  if (p.maxAgeDays !== null && due > dayNumber(f.soldDate) + p.maxAgeDays) return { status: 'NOT_ELIGIBLE' };

  const why: DueWhy = {
    dueBy: mileageDue !== null && dayNumber(mileageDue) === due ? 'MILEAGE' : 'TIME',
    anchorDate,
    lastReading: last,
    previousReading: previous,
    rateSource: rate.source,
    dailyMiles: Math.round((rate.miles * 10) / rate.days) / 10,
    estimatedMileage: last ? estimateMileage(last, rate, window.plannerDate) : null,
    targetOdometer,
    mileageDueDate: mileageDue,
    timeDueDate: timeDue === null ? null : dayFromNumber(timeDue),
    lastMatchingService: f.lastMatchingService,
  };
  const dueDate = dayFromNumber(due);
  if (due < start || due > end) return { status: 'NOT_DUE', dueDate, why };
  // Work already done for this due date: since the anchor, or within the cycle for repeating ones.
  const performedSince = p.repeatDays !== null ? due - p.repeatDays : dayNumber(anchorDate);
  const performed = !!f.lastMatchingService && dayNumber(f.lastMatchingService.closedOn) >= performedSince;
  const reason = leftOutReason(f, performed);
  return reason ? { status: 'LEFT_OUT', reason, dueDate, why } : { status: 'DUE', dueDate, why };
}
