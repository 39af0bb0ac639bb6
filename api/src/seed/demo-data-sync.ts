import type { Sql } from '../db/database';

/**
 * The demo's data sources: each BOC syncs from the simulated dealer system, and the first store
 * has a spreadsheet source for the files people upload (its mapping is saved with the first file).
 */
export async function seedDemoDataSync(sql: Sql): Promise<void> {
  await sql`
    insert into data_source (enterprise_id, boc_id, store_id, name, kind)
    select b.enterprise_id, b.id, null, 'Dealer system', 'SIMULATED_DMS' from boc b order by b.id`;
  await sql`
    insert into data_source (enterprise_id, boc_id, store_id, name, kind)
    select b.enterprise_id, b.id, s.id, 'Manufacturer and spreadsheet files', 'SPREADSHEET'
    from store s join boc b on b.id = s.boc_id order by s.id limit 1`;
}
