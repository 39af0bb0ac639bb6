import { CUSTOMER_NAME, VEHICLE, day, instant, type ViewDefinition } from './types';

/*
 * Introspection: the records the dealer system sent, each with what stands between it and a
 * conversation (the first finding that applies, in the order a manager would fix them). The
 * planners read the same rows; a finding explains why a sale, a closed repair order or a Toyota
 * error alert brought no lead.
 */

const REACH = (fallback: string) => `when c.id is null then 'No customer'
  when c.cellular is null or c.cellular = '' then 'No mobile number'
  when c.block_sms then 'Opted out of texts'
  ${fallback}`;

const SALE_FINDING = `case when v.id is null then 'No vehicle'
  when v.vin is null or length(v.vin) <> 17 then 'No valid VIN'
  ${REACH(`when exists (select 1 from future_service_interaction i where i.sale_id = x.id) then 'In a conversation'
  else 'Ready for the planners'`)} end`;

const RO_FINDING = `case when v.id is null then 'No vehicle'
  when v.vin is null or length(v.vin) <> 17 then 'No valid VIN'
  when not exists (select 1 from odometer_reading o where o.service_vehicle_id = v.id and o.read_on between (x.close_date at time zone 'UTC')::date - 1 and (x.close_date at time zone 'UTC')::date + 1) then 'No mileage of the visit'
  ${REACH(`when exists (select 1 from future_service_interaction i where i.service_vehicle_id = v.id and i.created_on >= x.close_date) then 'In a conversation'
  else 'Ready for the planners'`)} end`;

// The Toyota error alert planner takes Toyotas sold here (new or used) with an alert in the last 30 days.
const TEA_FINDING = `case when lower(coalesce(v.make, '')) <> 'toyota' then 'Not a Toyota'
  when not exists (select 1 from sale sl where sl.service_vehicle_id = v.id and sl.deal_type in ('New', 'Used')) then 'Not sold here'
  ${REACH(`when exists (select 1 from future_service_interaction i where i.service_vehicle_id = v.id and i.service_type = 'TOYOTA_ERROR_ALERT'
    and i.created_on >= (x.read_on::timestamp at time zone 'UTC')) then 'In a conversation'
  else 'Ready for the planner'`)} end`;

export const INTROSPECTION_VIEWS = {
  'sales-introspection': {
    from: 'sale x join store s on s.id = x.store_id left join customer c on c.id = x.customer_id left join service_vehicle v on v.id = x.service_vehicle_id',
    store: 'x.store_id',
    date: 'x.sold_date',
    search: [CUSTOMER_NAME, 'c.custno', 'c.cellular', 'v.vin'],
    defaultSort: 'soldDate',
    chart: { title: 'Finding', expr: SALE_FINDING },
    columns: [
      { field: 'soldDate', headerName: 'Sold date', type: 'date', expr: day('x.sold_date') },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: `nullif(${CUSTOMER_NAME}, '')` },
      { field: 'cellular', headerName: 'Mobile', type: 'string', expr: 'c.cellular' },
      { field: 'vin', headerName: 'VIN', type: 'string', expr: 'v.vin' },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: `nullif(${VEHICLE}, '')` },
      { field: 'dealType', headerName: 'Deal type', type: 'string', expr: 'x.deal_type' },
      { field: 'readings', headerName: 'Mileage readings', type: 'number', expr: '(select count(*) from odometer_reading o where o.service_vehicle_id = v.id)::int' },
      { field: 'finding', headerName: 'Finding', type: 'string', expr: SALE_FINDING },
    ],
  },
  'closed-ro-introspection': {
    from: 'repair_order x join store s on s.id = x.store_id left join customer c on c.id = x.customer_id left join service_vehicle v on v.id = x.service_vehicle_id',
    store: 'x.store_id',
    only: "x.status_code = 'CLOSED'",
    date: 'x.close_date',
    search: [CUSTOMER_NAME, 'x.ro_number', 'c.cellular', 'v.vin'],
    defaultSort: 'closeDate',
    chart: { title: 'Finding', expr: RO_FINDING },
    columns: [
      { field: 'closeDate', headerName: 'Closed', type: 'dateTime', expr: instant('x.close_date') },
      { field: 'roNumber', headerName: 'RO', type: 'string', expr: 'x.ro_number' },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: `nullif(${CUSTOMER_NAME}, '')` },
      { field: 'cellular', headerName: 'Mobile', type: 'string', expr: 'c.cellular' },
      { field: 'vin', headerName: 'VIN', type: 'string', expr: 'v.vin' },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: `nullif(${VEHICLE}, '')` },
      { field: 'services', headerName: 'Services', type: 'string', expr: "array_to_string(x.service_types, ', ')" },
      { field: 'finding', headerName: 'Finding', type: 'string', expr: RO_FINDING },
    ],
  },
  'tea-introspection': {
    from: 'odometer_reading x join service_vehicle v on v.id = x.service_vehicle_id join customer c on c.id = v.customer_id join store s on s.id = c.store_id',
    store: 'c.store_id',
    only: 'x.alert_code is not null',
    date: 'x.read_on',
    search: [CUSTOMER_NAME, 'c.cellular', 'v.vin', 'x.alert_code'],
    defaultSort: 'alertDate',
    chart: { title: 'Finding', expr: TEA_FINDING },
    columns: [
      { field: 'alertDate', headerName: 'Alert day', type: 'date', expr: day('x.read_on') },
      { field: 'storeName', headerName: 'Store', type: 'string', expr: 's.store_name' },
      { field: 'code', headerName: 'Alert code', type: 'string', expr: 'x.alert_code' },
      { field: 'odometer', headerName: 'Odometer', type: 'number', expr: 'x.odometer' },
      { field: 'customerName', headerName: 'Customer', type: 'string', expr: `nullif(${CUSTOMER_NAME}, '')` },
      { field: 'cellular', headerName: 'Mobile', type: 'string', expr: 'c.cellular' },
      { field: 'vin', headerName: 'VIN', type: 'string', expr: 'v.vin' },
      { field: 'vehicle', headerName: 'Vehicle', type: 'string', expr: `nullif(${VEHICLE}, '')` },
      { field: 'finding', headerName: 'Finding', type: 'string', expr: TEA_FINDING },
    ],
  },
} satisfies Record<string, ViewDefinition>;
