import type { EmpLevel, Role, ServiceType } from '@drivebay/shared';

/**
 * The demo organisation. Phone numbers use the 555-01xx block, which is set aside for fiction, so
 * a demo text can never reach a real person.
 */
export const DEMO_BOCS = [
  { code: 'MTG', name: 'Metro Toyota Group', make: 'Toyota' },
  { code: 'SHG', name: 'Summit Honda Group', make: 'Honda' },
] as const;

export const DEMO_STORES = [
  {
    boc: 0, code: 'MTB01', name: 'Metro Toyota of Brooklyn', zone: 'America/New_York', display: 'Eastern Time (ET)',
    address: '1200 Atlantic Ave, Brooklyn, NY 11216', phone: '+17185550100', assistantPhone: '+17185550101', areaCodes: ['718', '347', '917', '212'],
    customers: 200, interactions: 120, brand: 'Toyota',
  },
  {
    boc: 0, code: 'LTC02', name: 'Lakeside Toyota Chicago', zone: 'America/Chicago', display: 'Central Time (CT)',
    address: '4400 N Western Ave, Chicago, IL 60625', phone: '+13125550100', assistantPhone: '+13125550101', areaCodes: ['312', '773', '872'],
    customers: 150, interactions: 90, brand: 'Toyota',
  },
  {
    boc: 1, code: 'SHL03', name: 'Summit Honda Los Angeles', zone: 'America/Los_Angeles', display: 'Pacific Time (PT)',
    address: '8800 Sepulveda Blvd, Los Angeles, CA 90045', phone: '+12135550100', assistantPhone: '+12135550101', areaCodes: ['213', '310', '323'],
    customers: 150, interactions: 90, brand: 'Honda',
  },
] as const;

export const DEMO_ASSISTANTS = [
  { first: 'Ava', last: 'Reyes' },
  { first: 'Noah', last: 'Patel' },
  { first: 'Mia', last: 'Okafor' },
] as const;

/** One demo user per role: username is the role in lower case, password `demo`. */
export const DEMO_USERS: { role: Role; first: string; last: string; level: EmpLevel; boc?: number; store?: number; division?: string }[] = [
  { role: 'OFFICE_MANAGER', first: 'Olivia', last: 'Martinez', level: 'STORE', boc: 0, store: 0 },
  { role: 'DIVISION_MANAGER', first: 'Daniel', last: 'Kim', level: 'BOC', boc: 0 },
  { role: 'SALES_REP', first: 'Sofia', last: 'Rossi', level: 'STORE', boc: 0, store: 0, division: 'DIV001' },
  { role: 'CORPORATE_ADMIN', first: 'Carter', last: 'Nguyen', level: 'ENTERPRISE' },
  { role: 'SUPER_DATA_ADMIN', first: 'Priya', last: 'Shah', level: 'SUPER' },
  { role: 'SUPER_ADMIN', first: 'Marcus', last: 'Bell', level: 'SUPER' },
  { role: 'ENTERPRISE_ADMIN', first: 'Elena', last: 'Volkova', level: 'ENTERPRISE' },
  { role: 'ENTERPRISE_USER', first: 'Ethan', last: 'Brooks', level: 'ENTERPRISE' },
  { role: 'OFFICE_USER', first: 'Grace', last: 'Liu', level: 'STORE', boc: 0, store: 0 },
  { role: 'SUPER_USER', first: 'Samuel', last: 'Adeyemi', level: 'SUPER' },
];
export const DEMO_PASSWORD = 'demo';

export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William',
  'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Christopher', 'Lisa',
  'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony', 'Sandra', 'Mark', 'Ashley', 'Donald', 'Kimberly', 'Steven',
  'Emily', 'Andrew', 'Donna', 'Kenji', 'Aaliyah', 'Luis', 'Mei', 'Omar', 'Fatima', 'Diego', 'Hannah', 'Rahul',
  'Chloe', 'Tyrone', 'Ingrid', 'Mateo', 'Zoe',
];
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez',
  'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Perez',
  'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen',
  'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores', 'Tanaka', 'Okoye', 'Kowalski', 'Cohen', 'Singh',
  "O'Brien", 'Haddad', 'Larsen', 'Moreau', 'Ivanova',
];
export const MODELS: Record<string, string[]> = {
  Toyota: ['Camry', 'Corolla', 'RAV4', 'Highlander', 'Tacoma', 'Tundra', 'Prius', 'Sienna', '4Runner'],
  Honda: ['Civic', 'Accord', 'CR-V', 'HR-V', 'Pilot', 'Odyssey', 'Ridgeline', 'Passport'],
};
export const ADVISOR_NAMES = ['Rosa Delgado', 'Kevin Walsh', 'Anita Bose', 'Trevor Hughes'];

export const SEED_SERVICE_TYPES: ServiceType[] = [
  'OIL_CHANGE', 'OIL_CHANGE_10K', 'OIL_CHANGE_15K', 'OIL_CHANGE_20K', 'OIL_CHANGE_25K', 'SVC_7500', 'CHECK_UP',
  'CHECK_UP_30D', 'STATE_INSPECTION', 'OIL_CHANGE_POST_30_MONTHS', 'SALES_THANKS', 'SVC_CLOSED_RO',
];

/** Replies customers send, with the response insight each leads to (null: no insight). */
export const CUSTOMER_REPLIES: { text: string; insight: string | null; optOut?: true; appointment?: true; handoff?: 'GM' }[] = [
  { text: 'Yes please, Thursday at 10 works for me', insight: 'APPT_SET', appointment: true },
  { text: 'Can you do Saturday morning? Around 9ish', insight: 'APPT_SET', appointment: true },
  { text: 'sure, tomorrow after 2', insight: 'APPT_SET', appointment: true },
  { text: 'I already have an appointment scheduled next week', insight: 'ASA' },
  { text: 'You guys did the oil change last month', insight: 'SPA-SS' },
  { text: 'Had it done at the quick lube by my office', insight: 'SPA-AS' },
  { text: 'Sold that car last year', insight: 'NLO' },
  { text: 'Wrong number, I don’t own a Toyota', insight: 'WN' },
  { text: 'STOP', insight: 'STOP', optOut: true },
  { text: 'Please stop texting me', insight: 'STOP', optOut: true },
  { text: 'Check engine light came on yesterday, is that something you can look at?', insight: 'VI' },
  { text: 'Do you have a loaner available? I can’t be without a car', insight: 'REQ_LOANER' },
  { text: 'How much is the 30k service? Last time it was way too expensive', insight: 'PRICE_CONCERN', handoff: 'GM' },
  { text: 'What time do you open on Saturdays?', insight: 'CQ' },
  { text: 'Text me next month, traveling right now', insight: 'CL' },
  { text: 'My wife drives that one, I’ll ask her', insight: 'DD' },
  { text: 'We moved to Arizona, too far now', insight: 'LD' },
  { text: 'Last visit took 4 hours and nobody called me. Not happy.', insight: 'CC', handoff: 'GM' },
  { text: 'I’d rather book online', insight: 'POB' },
  { text: 'Can someone just call me instead?', insight: 'NIITB' },
  { text: 'Thanks for the reminder!', insight: 'CUST-APPR' },
  { text: 'ok', insight: 'MISC' },
  { text: 'Thinking about trading it in, what would you give me for it?', insight: 'SALES_INQ' },
  { text: 'Could you pick it up from my house?', insight: 'REQ_PD' },
];

export const REMINDER_TEXTS: Record<string, string> = {
  default:
    'Hi {first}, this is {agent} from {store}. Your {year} {model} is due for service. Would you like me to book a time? Reply STOP to opt out.',
  OIL_CHANGE: 'Hi {first}, {agent} at {store} here. Your {model} is coming up on its next oil change. Want me to find you a time this week?',
  STATE_INSPECTION: 'Hi {first}, your {model} is due for its state inspection. {store} has openings this week. Shall I reserve one?',
  SALES_THANKS: 'Hi {first}, thank you for choosing {store} for your new {model}! I’m {agent}, reach me here any time for service.',
};

export const FOLLOW_UPS = [
  'Great, you are all set. See you then!',
  'Thanks for letting us know. I’ve updated your record.',
  'I’ve passed this to our service manager, who will reach out shortly.',
  'Understood. I’ll check back with you later.',
  'Our shop opens at 7:00 AM Monday to Saturday.',
];
