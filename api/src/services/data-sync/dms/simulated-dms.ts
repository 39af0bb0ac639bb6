import { generator } from '../../boards/simulator';
import type { DmsChanges, DmsClosedRepairOrder, DmsConnector, DmsCustomer, DmsSale, DmsStore } from './port';

/**
 * The dealer system simulated inside the product, beside the repair-order feed of the board
 * (boards/simulator.ts) and on its generator. Its records are a pure function of the store and the
 * day: each store starts with BASE_CUSTOMERS customers, sells NEW_PER_DAY cars a day (a new
 * customer, vehicle and sale) and closes repair orders on about one customer in fifteen each day,
 * each with an odometer reading that grows with the customer's daily miles. Asking for a day twice
 * gives the same records, so a sync run twice has nothing new to write.
 */

const BASE_CUSTOMERS = 40;
const NEW_PER_DAY = 2;
/** Day 0 of the simulation. */
const EPOCH = Date.UTC(2026, 0, 1);
const DAY = 86_400_000;
const VISIT_ONE_IN = 15;
const INITIAL_RO_DAYS = 30;

const FIRST = ['Avery', 'Jordan', 'Morgan', 'Riley', 'Casey', 'Quinn', 'Harper', 'Rowan', 'Emerson', 'Dakota', 'Skyler', 'Reese', 'Parker', 'Sawyer', 'Hayden'];
const LAST = ['Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Castillo', 'Novak', 'Haddad', 'Fitzgerald', 'Ivanova', 'Mensah', 'Duarte', 'Kowalski', 'Abernathy', 'Sato', 'Brennan'];
const MODELS: Record<string, string[]> = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Highlander', 'Tacoma', 'Prius'],
  Honda: ['Civic', 'Accord', 'CR-V', 'Pilot', 'HR-V', 'Odyssey'],
};
// Real area codes (a fictional 555-01xx line each), away from the demo stores' own numbers.
const AREA_CODES = ['201', '203', '215', '302', '404', '469', '512', '602', '615', '704', '720', '801'];
const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const ADVISORS = ['A101', 'A102', 'A103', 'A104'];

export const dayIndex = (day: string) => Math.floor((Date.parse(`${day}T00:00:00Z`) - EPOCH) / DAY);
const dayOf = (index: number) => new Date(EPOCH + index * DAY).toISOString().slice(0, 10);

type SimCustomer = DmsCustomer & { bornDay: number | null; milesPerDay: number; baseOdometer: number };

function customerAt(store: DmsStore, i: number): SimCustomer {
  const r = generator(store.id * 1_000_003 + i * 7919 + 17);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  const brand = store.brand && MODELS[store.brand] ? store.brand : 'Toyota';
  const bornDay = i < BASE_CUSTOMERS ? null : Math.floor((i - BASE_CUSTOMERS) / NEW_PER_DAY);
  const firstName = pick(FIRST);
  const lastName = pick(LAST);
  const area = AREA_CODES[(i + store.id) % AREA_CODES.length]!;
  const line = String(10 + (Math.floor(i / AREA_CODES.length) % 90)).padStart(2, '0');
  const vin = Array.from({ length: 17 }, () => pick([...VIN_CHARS])).join('');
  return {
    customerNumber: `${store.code}-D${String(i).padStart(5, '0')}`,
    firstName,
    lastName,
    phone: `+1${area}55501${line}`,
    email: r() < 0.6 ? `${firstName}.${lastName}${i}@example.com`.toLowerCase() : null,
    vehicles: [{ vin, make: brand, model: pick(MODELS[brand]!), year: bornDay === null ? 2016 + Math.floor(r() * 9) : 2026, odometer: null, odometerDate: null }],
    bornDay,
    milesPerDay: 20 + Math.floor(r() * 40),
    baseOdometer: bornDay === null ? 8_000 + Math.floor(r() * 50_000) : 5 + Math.floor(r() * 20),
  };
}

/** The odometer of a customer's car on a day. */
const odometerOn = (c: SimCustomer, day: number) => c.baseOdometer + c.milesPerDay * Math.max(0, day - (c.bornDay ?? 0));

/** Whether the customer's car came in for service that day (a stable hash, not a random draw). */
function visited(store: DmsStore, i: number, day: number, c: SimCustomer): boolean {
  if (c.bornDay !== null && day <= c.bornDay + 20) return false;
  const h = Math.imul(store.id * 31 + i, 2_654_435_761) ^ Math.imul(day + 7, 40_503);
  return ((h >>> 0) % VISIT_ONE_IN) === 0;
}

const withReading = (c: SimCustomer, day: number): DmsCustomer => ({
  customerNumber: c.customerNumber,
  firstName: c.firstName,
  lastName: c.lastName,
  phone: c.phone,
  email: c.email,
  vehicles: c.vehicles.map((v) => ({ ...v, odometer: odometerOn(c, day), odometerDate: dayOf(day) })),
});

function repairOrder(store: DmsStore, i: number, c: SimCustomer, day: number): DmsClosedRepairOrder {
  const date = dayOf(day);
  return {
    roNumber: `D${day}-${i}`,
    customerNumber: c.customerNumber,
    vin: c.vehicles[0]!.vin,
    openDate: `${date}T14:00:00Z`,
    closeDate: `${date}T21:00:00Z`,
    odometer: odometerOn(c, day),
    advisorNumber: ADVISORS[(i + day + store.id) % ADVISORS.length]!,
  };
}

/** The simulated dealer system's records of one store and day. */
export function simulatedChanges(store: DmsStore, filterDate: string, initial: boolean): DmsChanges {
  const day = dayIndex(filterDate);
  const count = BASE_CUSTOMERS + NEW_PER_DAY * Math.max(0, day + 1);
  const customers = new Map<number, DmsCustomer>();
  const sales: DmsSale[] = [];
  const repairOrders: DmsClosedRepairOrder[] = [];
  for (let i = 0; i < count; i++) {
    const c = customerAt(store, i);
    const born = c.bornDay === day;
    if (initial || born) customers.set(i, withReading(c, day));
    if (c.bornDay !== null && (born || (initial && c.bornDay <= day))) {
      sales.push({ customerNumber: c.customerNumber, vin: c.vehicles[0]!.vin, soldDate: dayOf(c.bornDay), dealType: 'New', salePrice: 24_000 + (i % 17) * 1_250 });
    }
    for (let d = initial ? day - INITIAL_RO_DAYS + 1 : day; d <= day; d++) {
      if (!visited(store, i, d, c)) continue;
      customers.set(i, withReading(c, day));
      repairOrders.push(repairOrder(store, i, c, d));
    }
  }
  return { customers: [...customers.values()], sales, repairOrders };
}

export const simulatedDms: DmsConnector = {
  changes: async ({ store, filterDate, initial }) => simulatedChanges(store, filterDate, initial),
};
