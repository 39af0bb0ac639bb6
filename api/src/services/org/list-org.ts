import { AppError, canAccessEnterprise, canAccessStore, type Boc, type Enterprise, type Store } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';

export async function listEnterprises(sql: Sql, user: SessionUser): Promise<Enterprise[]> {
  const rows = await sql<Enterprise[]>`select id, name, logo from enterprise order by id`;
  return rows.filter((e) => canAccessEnterprise(user, e.id));
}

type StoreRow = {
  id: number;
  storeCode: string;
  storeName: string;
  bocId: number;
  bocCode: string;
  bocName: string;
  enterpriseId: number;
  officeTimeZone: string;
  timezoneDisplay: string;
  phoneNumber: string | null;
  brand: string | null;
};

/** Stores the user may open, of one enterprise (FORBIDDEN outside scope) or, with null, of all. */
async function storesOf(sql: Sql, user: SessionUser, enterpriseId: number | null): Promise<StoreRow[]> {
  if (enterpriseId !== null && !canAccessEnterprise(user, enterpriseId)) {
    throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  }
  const rows = await sql<StoreRow[]>`
    select s.id, s.store_code, s.store_name, s.boc_id, b.boc_code, b.boc_name, b.enterprise_id,
      s.office_time_zone, s.timezone_display, s.brand,
      coalesce((select a.agent_phone_number from assistant a where a.store_id = s.id and a.initializer_process_enabled limit 1), s.phone_number) as phone_number
    from store s join boc b on b.id = s.boc_id
    ${enterpriseId === null ? sql`` : sql`where b.enterprise_id = ${enterpriseId}`}
    order by b.enterprise_id, b.id, s.id`;
  return rows.filter((s) => canAccessStore(user, { storeId: s.id, bocId: s.bocId, enterpriseId: s.enterpriseId }));
}

/** BOCs of an enterprise holding at least one store the user may open. */
export async function listBocs(sql: Sql, user: SessionUser, enterpriseId: number): Promise<Boc[]> {
  const stores = await storesOf(sql, user, enterpriseId);
  const seen = new Map<number, Boc>();
  for (const s of stores) seen.set(s.bocId, { id: s.bocId, bocId: s.bocCode, bocName: s.bocName, enterpriseId: s.enterpriseId });
  return [...seen.values()];
}

/** Stores in the user's scope, of one enterprise (and BOC) or, with a null enterprise, of all. */
export async function listStores(sql: Sql, user: SessionUser, enterpriseId: number | null, bocId?: number): Promise<Store[]> {
  const stores = await storesOf(sql, user, enterpriseId);
  return stores
    .filter((s) => bocId === undefined || s.bocId === bocId)
    .map((s) => ({
      id: s.id,
      store_id: s.storeCode,
      store_name: s.storeName,
      storeName: s.storeName,
      enterpriseId: s.enterpriseId,
      boc: s.bocId,
      bocMaster: { id: s.bocId, bocId: s.bocCode, bocName: s.bocName },
      officeMasterVO: { timezoneDisplay: s.timezoneDisplay, officeTimeZone: s.officeTimeZone },
      officeMasterTimezone: s.officeTimeZone,
      phoneNumber: s.phoneNumber,
      brand: s.brand,
    }));
}
