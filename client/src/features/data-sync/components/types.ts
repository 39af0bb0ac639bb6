/** The store a data-sync screen works on, with where it sits. */
export type DataSyncStore = { enterpriseId: number; bocId: number; bocName: string; storeId: number; storeName: string; timeZone: string };
