/**
 * The dealer management system (DMS) as the product sees it: what changed on a day, and its
 * appointment book. A connector per DMS vendor implements it; the dealer system simulated inside
 * the product is the embedded default (simulated-dms.ts).
 */

export type DmsVehicle = {
  vin: string;
  make: string;
  model: string;
  year: number;
  odometer: number | null;
  /** The day the odometer was read (YYYY-MM-DD). */
  odometerDate: string | null;
};

export type DmsCustomer = {
  /** The DMS's own customer number. */
  customerNumber: string;
  firstName: string;
  lastName: string;
  /** E.164 or null. */
  phone: string | null;
  email: string | null;
  vehicles: DmsVehicle[];
};

export type DmsSale = { customerNumber: string; vin: string; soldDate: string; dealType: 'New' | 'Used'; salePrice: number };

export type DmsClosedRepairOrder = {
  roNumber: string;
  customerNumber: string;
  vin: string;
  openDate: string;
  closeDate: string;
  odometer: number;
  advisorNumber: string | null;
};

/** Everything a DMS reports for one store and one day (or, on a first sync, what it holds). */
export type DmsChanges = {
  customers: DmsCustomer[];
  sales: DmsSale[];
  repairOrders: DmsClosedRepairOrder[];
};

export type DmsStore = { id: number; code: string; brand: string | null; timeZone: string };

export type DmsConnector = {
  /** Records of the day `filterDate` (YYYY-MM-DD, store zone); `initial` adds what the DMS held before. */
  changes(o: { store: DmsStore; filterDate: string; initial: boolean }): Promise<DmsChanges>;
};
