/**
 * The reports that count conversations, messages or appointments into buckets: one call each
 * (spec §7 names the paths), one screen each, the same body and the same answer shape. What each
 * counts is written in docs/reports.md; `counts` here is the line the screen shows under its title.
 */
export const BUCKET_REPORTS = [
  { key: 'lead-status', path: '/api/lisa/report/leadStatusReport', title: 'Lead status', bucketTitle: 'Stage', counts: 'Conversations created in the range, by lead stage.' },
  { key: 'no-show', path: '/api/lisa/report/no-show', title: 'No-show', bucketTitle: 'Service type', counts: 'Appointments starting in the range that were marked no-show, by service type.' },
  { key: 'response-count', path: '/api/lisa/report/responseCount', title: 'Response count', bucketTitle: 'Customer messages', counts: 'Conversations first contacted in the range, by how many messages the customer sent.' },
  { key: 'response-insight', path: '/api/lisa/report/responseInsight', title: 'Response insight', bucketTitle: 'Response category', counts: 'Conversations whose customer first answered in the range, by response category.' },
  { key: 'message-response-details', path: '/api/lisa/report/messageResponseDetails', title: 'Message response details', bucketTitle: 'Answered within', counts: 'Customer messages received in the range, by how soon the store answered.' },
  { key: 'opt-out', path: '/api/lisa/report/opt-out', title: 'Opt-out list', bucketTitle: 'Store', counts: 'Customers who opted out of texts in the range, by store.' },
  { key: 'no-response', path: '/api/lisa/report/no-response', title: 'No-response list', bucketTitle: 'Service type', counts: 'Conversations first contacted in the range whose customer never answered, by service type.' },
  { key: 'gm-handoff-type', path: '/api/lisa/report/gm-reports/handoff-type', title: 'GM report: handoff type', bucketTitle: 'Handoff', counts: 'Handoffs posted in the range, by kind.' },
  { key: 'gm-response-insight', path: '/api/lisa/report/gm-reports/responseInsight', title: 'GM report: response insight', bucketTitle: 'Response category', counts: 'Handed-off conversations whose customer first answered in the range, by response category.' },
  { key: 'gm-first-response', path: '/api/lisa/report/gm-reports/firstResponse', title: 'GM report: first response', bucketTitle: 'First answer within', counts: 'Conversations whose customer first answered in the range, by how soon the store answered back.' },
  { key: 'login-activity', path: '/api/lisa/report/login-activity-reports', title: 'Login activity', bucketTitle: 'User', counts: 'Sign-ins in the range of users of the chosen stores, by user.' },
  { key: 'log-messages', path: '/api/lisa/report/logMessages', title: 'Logged messages', bucketTitle: 'Log mode', counts: 'Customer messages received in the range that went through log mode, by what was decided.' },
  { key: 'telco-dashboard', path: '/api/lisa/report/telco-dashboard', title: 'Telco dashboard', bucketTitle: 'Delivery status', counts: 'Texts sent in the range, by the carrier’s delivery status.' },
  { key: 'lead-manager-tracker', path: '/api/future-service-interaction/leadManager/tracker', title: 'Lead manager tracker', bucketTitle: 'Sent by', counts: 'Texts and e-mails sent to customers in the range, by who sent them.' },
  { key: 'ai-booked-appointments', path: '/api/lisa/report/ai-booked-appointments', title: 'AI-booked appointments', bucketTitle: 'Service type', counts: 'Appointments the assistant booked in the range, by service type.' },
  { key: 'appointment-performance', path: '/api/lisa/report/appointment-performance', title: 'Appointment performance', bucketTitle: 'Status', counts: 'Appointments of conversations starting in the range, by status.' },
  { key: 'handoff-appointment', path: '/api/lisa/report/handoff-appointment', title: 'Handoff appointments', bucketTitle: 'Status', counts: 'Appointments starting in the range of conversations handed to a person before the booking, by status.' },
  { key: 'indirect-appointment-engaged', path: '/api/lisa/report/indirect-appointment/engaged', title: 'Indirect appointments (engaged)', bucketTitle: 'Status', counts: 'Appointments booked in the range outside a conversation, for customers who had answered a text in the 30 days before.' },
  { key: 'indirect-appointment-messaged', path: '/api/lisa/report/indirect-appointment/messaged', title: 'Indirect appointments (messaged)', bucketTitle: 'Status', counts: 'Appointments booked in the range outside a conversation, for customers texted in the 30 days before.' },
  { key: 'advisor-activity', path: '/api/lisa/report/advisor-activity', title: 'Advisor activity', bucketTitle: 'Advisor', counts: 'Appointments starting in the range, by service advisor.' },
  { key: 'agent-report', path: '/api/lisa/report/generate-agent-report', title: 'Agent report', bucketTitle: 'Agent', counts: 'Texts and e-mails sent to customers in the range, by the assistant or the person who sent them.' },
  { key: 'sdc-handoff', path: '/api/lisa/report/sdc-handoff-report', title: 'SDC handoff', bucketTitle: 'Store', counts: 'Conversations handed to the service drive in the range, by store.' },
  { key: 'fea', path: '/api/lisa/fea', title: 'FEA', bucketTitle: 'Outcome', counts: 'Field alerts (FEA files) of the range, by what came of them: vehicle known, contacted, answered, booked.' },
  { key: 'bulk-conversation-status', path: '/api/lisa/report/bulk-conversation/status', title: 'Bulk conversation status', bucketTitle: 'Outcome', counts: 'Conversations the bulk starter tried to start in the range, by what came of it.' },
  { key: 'bulk-conversation-failed', path: '/api/lisa/report/bulk-conversation/failed', title: 'Bulk conversations not started', bucketTitle: 'Why not', counts: 'Conversations the bulk starter could not start in the range, by why.' },
  { key: 'bulk-conversation-current-date', path: '/api/lisa/report/bulk-conversation/current-date', title: 'Bulk conversations today', bucketTitle: 'Outcome', counts: 'Conversations the bulk starter tried to start today (UTC), by what came of it; the date range does not apply.' },
] as const;

/** What came of a bulk start, as the starter records it on the conversation (metadata.initiation.outcome). */
export const BULK_START_OUTCOME_LABELS: Record<string, string> = {
  QUEUED: 'First text queued',
  OPTED_OUT: 'Customer opted out of texts',
  NO_MOBILE: 'No mobile number',
  NO_SENDER: 'No texting number for the division',
  NO_TEXT: 'No first-text template',
  ALREADY_INITIATED: 'Already started',
  REFUSED: 'Refused: other open conversation or contacted lately',
};

/** What came of a field alert (the FEA report's buckets), in the order a manager follows it. */
export const FEA_OUTCOME_LABELS: Record<string, string> = {
  UNMATCHED: 'Vehicle not known to the store',
  NOT_CONTACTED: 'Known, not contacted',
  CONTACTED: 'Contacted, no reply',
  RESPONDED: 'Customer answered',
  BOOKED: 'Appointment booked',
};

export type BucketReport = (typeof BUCKET_REPORTS)[number];
export type BucketReportKey = BucketReport['key'];
export const BUCKET_REPORT_KEYS = BUCKET_REPORTS.map((r) => r.key) as BucketReportKey[];

export function bucketReport(key: BucketReportKey): BucketReport {
  return BUCKET_REPORTS.find((r) => r.key === key)!;
}
