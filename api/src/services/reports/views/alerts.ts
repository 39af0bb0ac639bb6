import { CUSTOMER_NAME, VEHICLE, day, type ViewColumn, type ViewDefinition } from './types';

// Alerts of files whose import completed (a rejected or failed file kept nothing; see docs/data-sync.md).
const ALERTS = `manufacturer_alert x join file_upload_report r on r.id = x.file_report_id and r.status = 'COMPLETED'
  join store s on s.id = x.store_id left join customer c on c.id = x.customer_id left join service_vehicle v on v.id = x.service_vehicle_id`;
const KIND = "case x.file_type when 'RECALL' then 'Recall' when 'HEA_ALERT' then 'HEA' when 'CONNECTED_CAR_ALERT' then 'Connected car' when 'FEA_ALERT' then 'FEA' end";
const MATCHED = "case when x.service_vehicle_id is null then 'Vehicle not known' else 'Matched to a vehicle' end";
const SEARCH = [CUSTOMER_NAME, 'c.cellular', 'x.vin', 'x.code', 'x.description'];

const common = (extra: ViewColumn[] = []): ViewColumn[] => [
  { field: 'alertDate', headerName: 'Alert day', type: 'date', expr: day('x.alert_date') },
  { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
  ...extra,
  { field: 'code', headerName: 'Code', type: 'string', expr: 'x.code' },
  { field: 'description', headerName: 'Description', type: 'string', expr: 'x.description' },
  { field: 'vin', headerName: 'VIN', type: 'string', expr: 'x.vin' },
  { field: 'odometer', headerName: 'Odometer', type: 'number', expr: 'x.odometer' },
  { field: 'customerName', headerName: 'Customer', type: 'string', expr: `nullif(${CUSTOMER_NAME}, '')` },
  { field: 'cellular', headerName: 'Mobile', type: 'string', expr: 'c.cellular' },
  { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: `nullif(${VEHICLE}, '')` },
  { field: 'matched', headerName: 'Matched', type: 'string', expr: MATCHED },
];

const ofKind = (fileType: string, chart: ViewDefinition['chart']): ViewDefinition => ({
  from: ALERTS,
  store: 'x.store_id',
  only: `x.file_type = '${fileType}'`,
  date: 'x.alert_date',
  search: SEARCH,
  defaultSort: 'alertDate',
  chart,
  columns: common(),
});

/**
 * The FEA lead's state: what came of the alert, read from the store's first conversation about
 * the vehicle started on or after the alert's day (the same rule as the FEA report).
 */
const FEA_STATE = `case when fx.fsi_id is null then 'Known, not contacted' when fx.appt_booked_on is not null then 'Appointment booked'
  when fx.responded_on is not null then 'Customer answered' when fx.contacted_on is not null then 'Contacted, no reply' else 'Known, not contacted' end`;
const FEA_CONVERSATION = `left join lateral (
    select i.id as fsi_id, f.contacted_on, f.responded_on, f.appt_booked_on
    from future_service_interaction i join report_interaction_fact f on f.future_service_interaction_id = i.id
    where i.service_vehicle_id = x.service_vehicle_id and i.store_id = x.store_id and i.created_on >= (x.alert_date::timestamp at time zone 'UTC')
    order by i.created_on, i.id limit 1) fx on true`;

/** Manufacturer alerts as the data-sync imports load them: every kind, each kind, and the FEA leads. */
export const ALERT_VIEWS = {
  'email-alerts': {
    from: `${ALERTS} left join recall_type rt on rt.code = x.recall_type`,
    store: 'x.store_id',
    date: 'x.alert_date',
    search: SEARCH,
    defaultSort: 'alertDate',
    chart: { title: 'Kind', expr: KIND },
    columns: common([{ field: 'kind', headerName: 'Kind', type: 'string', expr: KIND }]),
  },
  'recall-alerts': {
    ...ofKind('RECALL', { title: 'Recall type', expr: "coalesce(rt.name, 'No recall type')" }),
    from: `${ALERTS} left join recall_type rt on rt.code = x.recall_type`,
    columns: common([{ field: 'recallType', headerName: 'Recall type', type: 'string', expr: 'rt.name' }]),
  },
  'hea-alerts': ofKind('HEA_ALERT', { title: 'Matched', expr: MATCHED }),
  'fea-alerts': ofKind('FEA_ALERT', { title: 'Matched', expr: MATCHED }),
  'cca-alerts': ofKind('CONNECTED_CAR_ALERT', { title: 'Matched', expr: MATCHED }),
  'fea-leads': {
    from: `${ALERTS} ${FEA_CONVERSATION}`,
    store: 'x.store_id',
    only: "x.file_type = 'FEA_ALERT' and x.service_vehicle_id is not null",
    date: 'x.alert_date',
    search: SEARCH,
    defaultSort: 'alertDate',
    chart: { title: 'What came of it', expr: FEA_STATE },
    columns: [...common().filter((col) => col.field !== 'matched'), { field: 'state', headerName: 'What came of it', type: 'string', expr: FEA_STATE }],
  },
} satisfies Record<string, ViewDefinition>;
