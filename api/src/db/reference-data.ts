import {
  DIVISIONS,
  MESSAGE_TYPES,
  NOTIFICATION_TYPES,
  RESPONSE_CATEGORIES,
  RO_LANES,
  ROLE_LABELS,
  ROLES,
  SERVICE_TYPES,
} from '@drivebay/shared';
import type { Sql } from './database';

/**
 * Writes the shared code lists into the reference tables. Codes are only ever added: a code in
 * use by a row cannot be removed, and the foreign keys would refuse it anyway.
 */
export async function syncReferenceData(sql: Sql): Promise<void> {
  const roles = ROLES.map((code, i) => ({ code, role_id: i + 1, description: ROLE_LABELS[code] }));
  await sql`insert into ref_role ${sql(roles)} on conflict (code) do update set description = excluded.description`;
  await sql`insert into ref_service_type ${sql(SERVICE_TYPES.map((code) => ({ code })))} on conflict do nothing`;
  await sql`insert into ref_division ${sql(DIVISIONS.map((d) => ({ id: d.id, name: d.name })))}
    on conflict (id) do update set name = excluded.name`;
  await sql`insert into ref_message_type ${sql(MESSAGE_TYPES.map((code) => ({ code })))} on conflict do nothing`;
  await sql`insert into ref_notification_type ${sql(NOTIFICATION_TYPES.map((code) => ({ code })))} on conflict do nothing`;
  const categories = Object.entries(RESPONSE_CATEGORIES).map(([code, label]) => ({ code, label }));
  await sql`insert into ref_response_category ${sql(categories)} on conflict (code) do update set label = excluded.label`;
  const lanes = RO_LANES.map((l, i) => ({ code: l.code, lane_name: l.name, position: i }));
  await sql`insert into ref_ro_status ${sql(lanes)}
    on conflict (code) do update set lane_name = excluded.lane_name, position = excluded.position`;
}
