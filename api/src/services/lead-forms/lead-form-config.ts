import {
  AppError,
  DEFAULT_LEAD_MESSAGE,
  LEAD_CONSENT_TEXT,
  LEAD_CONSENT_VERSION,
  LEAD_FORMS,
  type LeadForm,
  type LeadFormConfig,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { findStoreByNumber } from '../conversations/store-number';
import { letterheadOfStore } from '../mail/letterhead';

/**
 * A public form's settings: its brand and the store number it sends leads to (lead_form), with
 * the store's name when the number is one a store texts from.
 */
export async function leadFormConfig(sql: Sql, form: string): Promise<LeadFormConfig> {
  if (!(LEAD_FORMS as readonly string[]).includes(form)) {
    throw new AppError('NOT_FOUND', `There is no lead form ${form}`, [{ field: 'param.form', message: 'unknown form' }]);
  }
  const [row] = await sql<{ brandName: string | null; storePhoneNumber: string | null }[]>`
    select brand_name, store_phone_number from lead_form where form = ${form}`;
  const store = row?.storePhoneNumber ? await findStoreByNumber(sql, row.storePhoneNumber) : null;
  const letterhead = store ? await letterheadOfStore(sql, store.storeId) : null;
  return {
    form: form as LeadForm,
    brandName: row?.brandName ?? null,
    storeName: store?.storeName ?? null,
    storePhoneNumber: row?.storePhoneNumber ?? null,
    dealerName: letterhead?.enterpriseName ?? null,
    dealerLogoUrl: letterhead?.url ?? null,
    defaultMessage: DEFAULT_LEAD_MESSAGE,
    consentText: LEAD_CONSENT_TEXT,
    consentVersion: LEAD_CONSENT_VERSION,
  };
}
