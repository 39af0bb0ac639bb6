import {
  AppError,
  applyStoreListRules,
  canAccessBoc,
  canAccessEnterprise,
  canAccessStore,
  toE164,
  type AdminBoc,
  type AdminEnterprise,
  type AdminStore,
  type Logo,
  type A2pStatus,
  bocInputSchema,
  bocUpdateSchema,
  enterpriseInputSchema,
  storeInputSchema,
  a2pInputSchema,
  logoInputSchema,
  MAX_LOGO_BYTES,
} from '@drivebay/shared';
import type { z } from 'zod';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { recordAudit } from './audit';
import { requireAction, requireBoc, requireEnterprise, requireStore } from './guard';

type Tx = Sql;
const inTx = <T>(sql: Sql, fn: (tx: Tx) => Promise<T>) => sql.begin((t) => fn(t as unknown as Sql)) as Promise<T>;

/** A unique index refusing a duplicate code becomes a 409 naming the field. */
function conflictOn(err: unknown, field: string, message: string): never {
  if ((err as { code?: string })?.code === '23505') throw new AppError('CONFLICT', message, [{ field, message }]);
  throw err;
}

// Enterprises -------------------------------------------------------------------------------------

export async function listAdminEnterprises(sql: Sql, user: SessionUser): Promise<AdminEnterprise[]> {
  requireAction(user, 'ORG_VIEW');
  const rows = await sql<AdminEnterprise[]>`
    select e.id, e.name, e.brands, e.logo is not null as has_logo, e.lead_form_enabled, e.outgoing_email,
      (select count(*)::int from boc b where b.enterprise_id = e.id) as boc_count,
      (select count(*)::int from store s join boc b on b.id = s.boc_id where b.enterprise_id = e.id) as store_count
    from enterprise e order by e.id`;
  return rows.filter((e) => canAccessEnterprise(user, e.id));
}

async function enterpriseRow(sql: Sql, id: number) {
  const [row] = await sql<{ id: number; name: string; brands: string[]; leadFormEnabled: boolean; outgoingEmail: string | null }[]>`
    select id, name, brands, lead_form_enabled, outgoing_email from enterprise where id = ${id}`;
  if (!row) throw new AppError('NOT_FOUND', `Enterprise ${id} does not exist`, [{ field: 'enterpriseId', message: 'unknown enterprise' }]);
  return row;
}

export async function createEnterprise(sql: Sql, user: SessionUser, input: z.output<typeof enterpriseInputSchema>): Promise<number> {
  requireAction(user, 'ENTERPRISE_CREATE');
  return inTx(sql, async (tx) => {
    const [row] = await tx<{ id: number }[]>`insert into enterprise (name, brands, lead_form_enabled, outgoing_email)
      values (${input.name}, ${input.brands}, ${input.leadFormEnabled}, ${input.outgoingEmail}) returning id`;
    await recordAudit(tx, user, { enterpriseId: row!.id, action: 'CREATE', entity: 'enterprise', entityId: row!.id, after: input });
    return row!.id;
  });
}

export async function updateEnterprise(sql: Sql, user: SessionUser, id: number, input: z.output<typeof enterpriseInputSchema>): Promise<void> {
  requireEnterprise(user, 'ENTERPRISE_EDIT', id);
  await inTx(sql, async (tx) => {
    const before = await enterpriseRow(tx, id);
    await tx`update enterprise set name = ${input.name}, brands = ${input.brands}, lead_form_enabled = ${input.leadFormEnabled},
      outgoing_email = ${input.outgoingEmail} where id = ${id}`;
    await recordAudit(tx, user, { enterpriseId: id, action: 'UPDATE', entity: 'enterprise', entityId: id, before, after: input });
  });
}

const MAGIC: Record<Logo['contentType'], (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** Adds or replaces the logo: the declared type must match the image's own bytes, at most 256 kB. */
export async function saveLogo(sql: Sql, user: SessionUser, id: number, input: z.output<typeof logoInputSchema>): Promise<void> {
  requireEnterprise(user, 'ENTERPRISE_EDIT', id);
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length > MAX_LOGO_BYTES) throw new AppError('VALIDATION_FAILED', 'The logo is larger than 256 kB', [{ field: 'body.data', message: 'larger than 256 kB' }]);
  if (!MAGIC[input.contentType](bytes)) {
    throw new AppError('VALIDATION_FAILED', 'The file is not the image type it claims to be', [{ field: 'body.data', message: `not a ${input.contentType} image` }]);
  }
  await inTx(sql, async (tx) => {
    const [before] = await tx<{ hasLogo: boolean }[]>`select logo is not null as has_logo from enterprise where id = ${id}`;
    if (!before) throw new AppError('NOT_FOUND', `Enterprise ${id} does not exist`);
    await tx`update enterprise set logo = ${bytes.toString('base64')}, logo_type = ${input.contentType} where id = ${id}`;
    await recordAudit(tx, user, { enterpriseId: id, action: before.hasLogo ? 'UPDATE_LOGO' : 'ADD_LOGO', entity: 'enterprise', entityId: id, after: { contentType: input.contentType, bytes: bytes.length } });
  });
}

/** The enterprise's logo, for anyone who may see the enterprise (the app bar shows it). */
export async function fetchLogo(sql: Sql, user: SessionUser, id: number): Promise<Logo> {
  if (!canAccessEnterprise(user, id)) throw new AppError('FORBIDDEN', 'This enterprise is outside your access');
  const [row] = await sql<{ logo: string | null; logoType: Logo['contentType'] | null }[]>`select logo, logo_type from enterprise where id = ${id}`;
  if (!row?.logo || !row.logoType) throw new AppError('NOT_FOUND', 'This enterprise has no logo');
  return { contentType: row.logoType, data: row.logo };
}

// BOCs --------------------------------------------------------------------------------------------

export async function listAdminBocs(sql: Sql, user: SessionUser, enterpriseId: number, unmappedOnly = false): Promise<AdminBoc[]> {
  requireEnterprise(user, 'ORG_VIEW', enterpriseId);
  const rows = await sql<AdminBoc[]>`
    select b.id, b.boc_code as boc_id, b.boc_name, b.enterprise_id, (select count(*)::int from store s where s.boc_id = b.id) as store_count
    from boc b where b.enterprise_id = ${enterpriseId} order by b.boc_name, b.id`;
  return rows.filter((b) => canAccessBoc(user, { bocId: b.id, enterpriseId }) && (!unmappedOnly || b.storeCount === 0));
}

export async function createBoc(sql: Sql, user: SessionUser, input: z.output<typeof bocInputSchema>): Promise<number> {
  requireEnterprise(user, 'ORG_EDIT', input.enterpriseId);
  if (user.empLevel === 'BOC' || user.empLevel === 'STORE') throw new AppError('FORBIDDEN', 'Only enterprise-level administrators add BOCs');
  await enterpriseRow(sql, input.enterpriseId);
  return inTx(sql, async (tx) => {
    const [row] = await tx<{ id: number }[]>`insert into boc (enterprise_id, boc_code, boc_name) values (${input.enterpriseId}, ${input.bocId}, ${input.bocName}) returning id`
      .catch((e) => conflictOn(e, 'body.bocId', 'This BOC code is already used in the enterprise'));
    await recordAudit(tx, user, { enterpriseId: input.enterpriseId, action: 'CREATE', entity: 'boc', entityId: row!.id, after: input });
    return row!.id;
  });
}

export async function updateBoc(sql: Sql, user: SessionUser, id: number, input: z.output<typeof bocUpdateSchema>): Promise<void> {
  const { enterpriseId } = await requireBoc(sql, user, 'ORG_EDIT', id);
  await inTx(sql, async (tx) => {
    const [before] = await tx`select boc_code as boc_id, boc_name from boc where id = ${id}`;
    await tx`update boc set boc_code = ${input.bocId}, boc_name = ${input.bocName} where id = ${id}`.catch((e) =>
      conflictOn(e, 'body.bocId', 'This BOC code is already used in the enterprise'),
    );
    await recordAudit(tx, user, { enterpriseId, action: 'UPDATE', entity: 'boc', entityId: id, before, after: input });
  });
}

// Stores ------------------------------------------------------------------------------------------

type StoreRow = Omit<AdminStore, 'legalName'> & { a2pStatus: A2pStatus };

/** Stores of an enterprise in the user's scope, with the store-list rules applied. */
export async function listAdminStores(sql: Sql, user: SessionUser, enterpriseId: number): Promise<AdminStore[]> {
  requireEnterprise(user, 'ORG_VIEW', enterpriseId);
  const rows = await sql<StoreRow[]>`
    select s.id, s.store_code as store_id, s.store_name, s.boc_id, b.boc_code, b.boc_name, b.enterprise_id, s.office_time_zone,
      s.timezone_display, s.address, s.state, s.brands, s.phone_number, s.email, s.a2p_status, s.a2p_brand_id, s.a2p_campaign_id,
      coalesce((select array_agg(a.agent_phone_number order by a.id) from assistant a where a.store_id = s.id and a.agent_phone_number is not null), '{}') as texting_numbers
    from store s join boc b on b.id = s.boc_id where b.enterprise_id = ${enterpriseId} order by b.boc_name, s.store_name, s.id`;
  const visible = rows.filter((s) => canAccessStore(user, { storeId: s.id, bocId: s.bocId, enterpriseId }));
  return applyStoreListRules(visible.map((s) => ({ ...s, storeCode: s.storeId, legalName: s.storeName }))).map(({ storeCode: _c, ...s }) => s);
}

/** The zone's name as people read it, e.g. "Eastern Time (ET)". */
export function timezoneDisplay(zone: string): string {
  const long = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  const short = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortGeneric' }).formatToParts(new Date()).find((p) => p.type === 'timeZoneName')?.value;
  return short && short !== long ? `${long} (${short})` : long;
}

function storeValues(input: z.output<typeof storeInputSchema>) {
  return {
    store_code: input.storeId,
    store_name: input.storeName,
    office_time_zone: input.officeTimeZone,
    timezone_display: timezoneDisplay(input.officeTimeZone),
    address: input.address,
    state: input.state,
    brands: input.brands,
    phone_number: input.phoneNumber ? toE164(input.phoneNumber) : null,
    email: input.email,
  };
}

export async function createStore(sql: Sql, user: SessionUser, input: z.output<typeof storeInputSchema>): Promise<number> {
  const { enterpriseId } = await requireBoc(sql, user, 'ORG_EDIT', input.bocId);
  if (user.empLevel === 'STORE') throw new AppError('FORBIDDEN', 'Store-level administrators do not add stores');
  return inTx(sql, async (tx) => {
    const values = storeValues(input);
    const [row] = await tx<{ id: number }[]>`insert into store ${tx({ boc_id: input.bocId, ...values })} returning id`.catch((e) =>
      conflictOn(e, 'body.storeId', 'This store code is already used in the BOC'),
    );
    // Every store has the service division, where the assistant and service conversations live.
    await tx`insert into division (store_id, division_id) values (${row!.id}, 'DIV004') on conflict do nothing`;
    await recordAudit(tx, user, { enterpriseId, action: 'CREATE', entity: 'store', entityId: row!.id, after: input });
    return row!.id;
  });
}

export async function updateStore(sql: Sql, user: SessionUser, id: number, input: z.output<typeof storeInputSchema>): Promise<void> {
  const place = await requireStore(sql, user, 'ORG_EDIT', id);
  if (input.bocId !== place.bocId) await requireBoc(sql, user, 'ORG_EDIT', input.bocId).then((b) => {
    if (b.enterpriseId !== place.enterpriseId) throw new AppError('VALIDATION_FAILED', 'A store moves only between BOCs of its enterprise', [{ field: 'body.bocId', message: 'another enterprise' }]);
  });
  await inTx(sql, async (tx) => {
    const [before] = await tx`select boc_id, store_code, store_name, office_time_zone, address, state, brands, phone_number, email from store where id = ${id}`;
    await tx`update store set ${tx({ boc_id: input.bocId, ...storeValues(input) })} where id = ${id}`.catch((e) =>
      conflictOn(e, 'body.storeId', 'This store code is already used in the BOC'),
    );
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: 'UPDATE', entity: 'store', entityId: id, before, after: input });
  });
}

/** Maps a store to another BOC of its enterprise ("Mapping Saved Successfully."). */
export async function mapStore(sql: Sql, user: SessionUser, id: number, bocId: number): Promise<void> {
  const place = await requireStore(sql, user, 'ORG_EDIT', id);
  const target = await requireBoc(sql, user, 'ORG_EDIT', bocId);
  if (target.enterpriseId !== place.enterpriseId) {
    throw new AppError('VALIDATION_FAILED', 'A store maps only to a BOC of its enterprise', [{ field: 'body.bocId', message: 'another enterprise' }]);
  }
  await inTx(sql, async (tx) => {
    await tx`update store set boc_id = ${bocId} where id = ${id}`.catch((e) => conflictOn(e, 'body.bocId', 'That BOC already has a store with this code'));
    // Customers and conversations follow their store (companyId is the BOC).
    await tx`update customer set boc_id = ${bocId} where store_id = ${id}`.catch((e) => conflictOn(e, 'body.bocId', 'Customer numbers of this store clash with the BOC’s'));
    await tx`update future_service_interaction set company_id = ${bocId} where store_id = ${id}`;
    await tx`update app_user set boc_id = ${bocId} where store_id = ${id}`;
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: 'MAP', entity: 'store', entityId: id, before: { bocId: place.bocId }, after: { bocId } });
  });
}

/** Records the store's A2P 10DLC brand and campaign registration. */
export async function updateA2p(sql: Sql, user: SessionUser, id: number, input: z.output<typeof a2pInputSchema>): Promise<void> {
  const place = await requireStore(sql, user, 'TELEPHONY_MANAGE', id);
  if (input.a2pStatus === 'REGISTERED' && (!input.a2pBrandId || !input.a2pCampaignId)) {
    throw new AppError('VALIDATION_FAILED', 'A registered store needs its brand and campaign ids', [
      ...(input.a2pBrandId ? [] : [{ field: 'body.a2pBrandId', message: 'Brand id is required' }]),
      ...(input.a2pCampaignId ? [] : [{ field: 'body.a2pCampaignId', message: 'Campaign id is required' }]),
    ]);
  }
  await inTx(sql, async (tx) => {
    const [before] = await tx`select a2p_status, a2p_brand_id, a2p_campaign_id from store where id = ${id}`;
    await tx`update store set a2p_status = ${input.a2pStatus}, a2p_brand_id = ${input.a2pBrandId}, a2p_campaign_id = ${input.a2pCampaignId} where id = ${id}`;
    await recordAudit(tx, user, { enterpriseId: place.enterpriseId, action: 'UPDATE_A2P', entity: 'store', entityId: id, before, after: input });
  });
}
