import { z } from 'zod';

export const enterpriseSchema = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
export type Enterprise = z.infer<typeof enterpriseSchema>;

export const bocSchema = z.object({
  id: z.number().int(),
  bocId: z.string(),
  bocName: z.string(),
  enterpriseId: z.number().int(),
});
export type Boc = z.infer<typeof bocSchema>;

/** A store as the store calls return it; both spellings the specification shows are kept. */
export const storeSchema = z.object({
  id: z.number().int(),
  store_id: z.string(),
  store_name: z.string(),
  storeName: z.string(),
  enterpriseId: z.number().int(),
  boc: z.number().int(),
  bocMaster: z.object({ id: z.number().int(), bocId: z.string(), bocName: z.string() }),
  officeMasterVO: z.object({ timezoneDisplay: z.string(), officeTimeZone: z.string() }),
  officeMasterTimezone: z.string(),
  phoneNumber: z.string().nullable(),
  /** The make the store sells (Toyota, Honda…); its own service types are offered first. */
  brand: z.string().nullable(),
});
export type Store = z.infer<typeof storeSchema>;
