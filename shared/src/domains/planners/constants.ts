import type { ServiceType } from '../../codes';

/**
 * The predictive planner tabs, in the order the screen shows them. Each is one planner: a rule
 * that says when a vehicle's service is due, by mileage or by time, whichever comes first.
 */
export const PLANNER_CODES = [
  '0K',
  '0_5K',
  '5K_CPO',
  '7_5K',
  '10K',
  '15K',
  '20K',
  '25K',
  '30_DAYS',
  '90_DAYS_CPO',
  'POST_30_MONTHS',
  'CHECK_UP_30D',
  'STATE_INSPECTION',
  'FIRST_SERVICE',
  'HOM',
  'HPOC',
  'TOYOTA_ERROR_ALERT',
  'HONDA_SERVICE_PASS',
] as const;
export type PlannerCode = (typeof PLANNER_CODES)[number];

/**
 * The code of a transfer run of recall leads (docs/data-sync.md): it is worked by the planners'
 * transfer machinery, with its own list (the leads chosen) instead of a due list.
 */
export const RECALL_RUN_CODE = 'RECALL';
export const RECALL_RUN_NAME = 'Recall leads';
/** Every code a run may carry: a planner tab's, or a recall-lead transfer's. */
export const RUN_CODES = [...PLANNER_CODES, RECALL_RUN_CODE] as const;
export type RunCode = (typeof RUN_CODES)[number];
/** Recall leads one transfer call may name one by one (a whole file or type is named by its id). */
export const RECALL_TRANSFER_MAX_IDS = 1000;

/**
 * What a planner counts from: the vehicle's sale, its last closed repair order (a check-up after a
 * visit), or the latest error alert its connected-vehicle report carried.
 */
export type PlannerAnchor = 'SALE' | 'LAST_RO' | 'ALERT';

/** The miles a day a vehicle is taken to drive when its own readings cannot tell (13,500 a year). */
export const FALLBACK_DAILY_MILES = 37;

/** Makes whose first service the FIRST_SERVICE planner predicts, with the service type of each. */
export const FIRST_SERVICE_MAKES: Record<string, ServiceType> = {
  gmc: 'FIRST_SERVICE_GMC',
  buick: 'FIRST_SERVICE_BUICK',
  chevrolet: 'FIRST_SERVICE_CHEVROLET',
};

/** The eight Honda models sold with the Honda service pass (two years of scheduled maintenance). */
export const HONDA_SERVICE_PASS_MODELS = ['Accord', 'Civic', 'CR-V', 'HR-V', 'Pilot', 'Odyssey', 'Passport', 'Ridgeline'] as const;

/**
 * States with periodic vehicle inspections (safety or emissions): when the first one falls after a
 * sale and how often it comes back, in days. A state not listed has no periodic inspection.
 */
export const STATE_INSPECTION_RULES: Record<string, { firstDays: number; repeatDays: number }> = {
  CA: { firstDays: 8 * 365, repeatDays: 730 },
  CO: { firstDays: 7 * 365, repeatDays: 730 },
  CT: { firstDays: 4 * 365, repeatDays: 730 },
  DE: { firstDays: 7 * 365, repeatDays: 730 },
  GA: { firstDays: 3 * 365, repeatDays: 365 },
  HI: { firstDays: 730, repeatDays: 365 },
  IL: { firstDays: 4 * 365, repeatDays: 730 },
  LA: { firstDays: 365, repeatDays: 365 },
  MA: { firstDays: 365, repeatDays: 365 },
  ME: { firstDays: 365, repeatDays: 365 },
  MO: { firstDays: 10 * 365, repeatDays: 730 },
  NC: { firstDays: 365, repeatDays: 365 },
  NH: { firstDays: 365, repeatDays: 365 },
  NJ: { firstDays: 5 * 365, repeatDays: 730 },
  NY: { firstDays: 365, repeatDays: 365 },
  PA: { firstDays: 365, repeatDays: 365 },
  RI: { firstDays: 730, repeatDays: 730 },
  TX: { firstDays: 730, repeatDays: 365 },
  VA: { firstDays: 365, repeatDays: 365 },
  VT: { firstDays: 365, repeatDays: 365 },
  WV: { firstDays: 365, repeatDays: 365 },
};

/** How a planner is called: the spec's path of its run. */
export type PlannerCall = { method: 'GET' | 'POST'; path: string };

/** One planner tab as data: everything its rule needs except the store's state. */
export type PlannerDefinition = {
  code: PlannerCode;
  /** The tab's label. */
  label: string;
  /** The service type its interactions get; FIRST_SERVICE takes it from the make. */
  serviceType: ServiceType;
  anchor: PlannerAnchor;
  /** Days from the anchor to the (first) due date by time; null: no time rule. */
  firstDays: number | null;
  /** Days between later due dates by time; null: due once. */
  repeatDays: number | null;
  /**
   * Miles driven since delivery at which it is due; null: no mileage rule. One thousand below the
   * service's mileage, as the mileage service choices have it (the 10K service is due at 9,000).
   */
  dueMiles: number | null;
  /** Closed repair orders of these service types mean the work is done. */
  performedBy: readonly ServiceType[];
  /** Deal types of the sale it applies to (null: any). */
  dealTypes: readonly string[] | null;
  /** Makes it applies to, lower case (null: any). */
  makes: readonly string[] | null;
  /** Models it applies to (null: any). */
  models: readonly string[] | null;
  /** A due date later than this many days after the sale is not this planner's (service pass). */
  maxAgeDays: number | null;
  /** The window around the planner date the screen starts with (minimumDays, maximumDays). */
  defaultWindow: { minimumDays: number; maximumDays: number };
  call: PlannerCall;
};

const FSI = '/api/future-service-interaction';
const WINDOW = { minimumDays: -30, maximumDays: 30 };

const mileagePlanner = (
  code: PlannerCode,
  label: string,
  serviceType: ServiceType,
  firstDays: number,
  dueMiles: number,
  path: string,
  dealTypes: readonly string[] = ['New'],
): PlannerDefinition => ({
  code,
  label,
  serviceType,
  anchor: 'SALE',
  firstDays,
  repeatDays: null,
  dueMiles,
  performedBy: [serviceType],
  dealTypes,
  makes: null,
  models: null,
  maxAgeDays: null,
  defaultWindow: WINDOW,
  call: { method: 'GET', path: `${FSI}/${path}` },
});

/** Every planner tab, keyed by code. */
export const PLANNERS: Record<PlannerCode, PlannerDefinition> = {
  '0K': { ...mileagePlanner('0K', '0K', 'SALES_THANKS', 3, 0, 'run-future-prediction-0k'), dueMiles: null, defaultWindow: { minimumDays: -7, maximumDays: 7 } },
  '0_5K': mileagePlanner('0_5K', '0.5K', 'SALES_TITLE', 30, 500, 'run-future-prediction-05k'),
  '5K_CPO': mileagePlanner('5K_CPO', '5K CPO', 'OIL_CHANGE_CPO', 182, 4000, 'run-future-prediction-5k-cpo', ['Used']),
  '7_5K': mileagePlanner('7_5K', '7.5K', 'SVC_7500', 273, 6500, 'run-future-prediction-7500'),
  '10K': mileagePlanner('10K', '10K', 'OIL_CHANGE_10K', 365, 9000, 'run-future-prediction-for-10k'),
  '15K': mileagePlanner('15K', '15K', 'OIL_CHANGE_15K', 547, 14000, 'run-future-prediction-15k'),
  '20K': mileagePlanner('20K', '20K', 'OIL_CHANGE_20K', 730, 19000, 'run-future-prediction-20k'),
  '25K': mileagePlanner('25K', '25K', 'OIL_CHANGE_25K', 912, 24000, 'run-future-prediction-25k'),
  '30_DAYS': {
    ...mileagePlanner('30_DAYS', '30 days', 'CHECK_UP', 30, 0, 'run-future-prediction', ['New', 'Used']),
    dueMiles: null,
  },
  '90_DAYS_CPO': { ...mileagePlanner('90_DAYS_CPO', '90 days CPO', 'CHECK_UP_CPO', 90, 0, 'run-future-prediction-check-up', ['Used']), dueMiles: null },
  POST_30_MONTHS: {
    ...mileagePlanner('POST_30_MONTHS', 'Post 30 months', 'OIL_CHANGE_POST_30_MONTHS', 913, 0, 'run-future-prediction-for-post-30-months', ['New', 'Used']),
    dueMiles: null,
    repeatDays: 182,
  },
  CHECK_UP_30D: {
    ...mileagePlanner('CHECK_UP_30D', '30-day check-up', 'CHECK_UP_30D', 30, 0, 'run-future-prediction-check-up-30days', ['New', 'Used']),
    anchor: 'LAST_RO',
    dueMiles: null,
  },
  STATE_INSPECTION: {
    ...mileagePlanner('STATE_INSPECTION', 'State inspection', 'STATE_INSPECTION', 365, 0, 'service-closed/planner-state-inspection', ['New', 'Used']),
    dueMiles: null,
    repeatDays: 365,
    call: { method: 'POST', path: `${FSI}/service-closed/planner-state-inspection` },
  },
  FIRST_SERVICE: {
    ...mileagePlanner('FIRST_SERVICE', 'First service', 'FIRST_SERVICE_CHEVROLET', 365, 6500, 'run-future-prediction-first-service'),
    performedBy: Object.values(FIRST_SERVICE_MAKES),
    makes: Object.keys(FIRST_SERVICE_MAKES),
  },
  HOM: {
    ...mileagePlanner('HOM', 'HOM', 'HONDA_OLD_MODEL', 6 * 365, 0, 'run-future-prediction-hom', ['New', 'Used']),
    dueMiles: null,
    repeatDays: 182,
    makes: ['honda'],
    call: { method: 'POST', path: `${FSI}/run-future-prediction-hom` },
  },
  HPOC: {
    ...mileagePlanner('HPOC', 'HPOC', 'OIL_CHANGE_CPO', 182, 4000, 'run-future-prediction-hom-new', ['Used']),
    makes: ['honda'],
    call: { method: 'POST', path: '/api/lisa/run-future-prediction-hom-new' },
  },
  TOYOTA_ERROR_ALERT: {
    ...mileagePlanner('TOYOTA_ERROR_ALERT', 'Toyota error alert', 'TOYOTA_ERROR_ALERT', 0, 0, 'predictive-planner', ['New', 'Used']),
    anchor: 'ALERT',
    dueMiles: null,
    makes: ['toyota'],
    defaultWindow: { minimumDays: -30, maximumDays: 0 },
    call: { method: 'POST', path: '/api/email-alert/predictive-planner' },
  },
  HONDA_SERVICE_PASS: {
    ...mileagePlanner('HONDA_SERVICE_PASS', 'Honda service pass', 'HONDA_SERVICE_PASS', 182, 0, 'honda-service-pass'),
    dueMiles: null,
    repeatDays: 182,
    makes: ['honda'],
    models: HONDA_SERVICE_PASS_MODELS,
    maxAgeDays: 730,
    call: { method: 'POST', path: `${FSI}/honda-service-pass` },
  },
};

/** Planners whose second transfer for the same store and date must be confirmed (hardRun). */
export const CONFIRMED_RERUN_PLANNERS: readonly PlannerCode[] = ['15K', '20K', '25K'];

/**
 * The enterprise with its own zero-k path: its 0K thank-you goes to every delivery, new and used,
 * where other enterprises thank buyers of new vehicles only.
 */
export const ZERO_K_ENTERPRISE_ID = 29;

/**
 * Why a due vehicle is left out, in the order they are checked: the first that applies is the one
 * counted. The marks are the response categories of the same names (NLO, WN, DD, LD, EMP).
 * OPEN_INTERACTION and RECENTLY_CONTACTED are the two refusals of starting a conversation (another
 * started conversation of the customer is open; the store texted or e-mailed them within
 * CONTACTED_WITHIN_DAYS days), so a transfer never lists a vehicle it would then not start.
 */
export const LEFT_OUT_REASONS = [
  'SERVICE_PERFORMED',
  'OPEN_INTERACTION',
  'RECENTLY_CONTACTED',
  'OPTED_OUT',
  'BLOCKED',
  'NO_MOBILE',
  'NO_LONGER_OWN',
  'WRONG_NUMBER',
  'DIFFERENT_DRIVER',
  'LONG_DISTANCE',
  'EMPLOYEE',
] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

export const LEFT_OUT_LABELS: Record<LeftOutReason, string> = {
  SERVICE_PERFORMED: 'Service already performed',
  OPEN_INTERACTION: 'Another interaction is open',
  RECENTLY_CONTACTED: 'Texted in the last 7 days',
  OPTED_OUT: 'Opted out',
  BLOCKED: 'Texts blocked',
  NO_MOBILE: 'No mobile number',
  NO_LONGER_OWN: 'No longer owns the vehicle',
  WRONG_NUMBER: 'Wrong number',
  DIFFERENT_DRIVER: 'Different driver',
  LONG_DISTANCE: 'Long distance',
  EMPLOYEE: 'Employee',
};

/** The mark (response category) behind each mark-based reason. */
export const LEFT_OUT_MARKS: Partial<Record<LeftOutReason, string>> = {
  NO_LONGER_OWN: 'NLO',
  WRONG_NUMBER: 'WN',
  DIFFERENT_DRIVER: 'DD',
  LONG_DISTANCE: 'LD',
  EMPLOYEE: 'EMP',
};

/** The spec's notices of the planner screen. */
export const PLANNER_TEXT = {
  transferred: 'Successfully Transfered',
  noRecords: 'No Records',
  serverError: 'Server Error!',
  rerunQuestion: 'This planner was already transferred for this store and date. Run it again?',
} as const;

/** Page size of the due list when none is asked for, and the most one page may hold. */
export const PLANNER_PAGE_SIZE = 25;
export const PLANNER_MAX_PAGE_SIZE = 100;
