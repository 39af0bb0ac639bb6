import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANNER_CODES, isoDayInZone, resolvePlanner, stateOfAddress } from '@drivebay/shared';
import type { Database } from '../db/database';
import { createTestDatabase } from '../db/testing';
import { classifiedVehicles } from '../services/planners/due-query';
import { seedDemo } from './demo';

let db: Database;
beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemo(db.sql);
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe('the planner demo data', () => {
  it('puts due vehicles on every tab of the first store on the demo date, and leaves some out', async () => {
    const [store] = await db.sql<{ id: number; zone: string; address: string }[]>`select id, office_time_zone as zone, address from store order by id limit 1`;
    for (const code of PLANNER_CODES) {
      const planner = resolvePlanner(code, { state: stateOfAddress(store!.address), enterpriseId: 1 });
      const rows = await classifiedVehicles(db.sql, {
        planner,
        storeId: store!.id,
        zone: store!.zone,
        plannerDate: isoDayInZone(new Date(), store!.zone),
        ...planner.defaultWindow,
      });
      expect(rows.filter((r) => r.reason === null).length, code).toBeGreaterThanOrEqual(2);
      expect(rows.filter((r) => r.reason !== null).length, code).toBeGreaterThanOrEqual(2);
    }
  }, 60_000);
});
