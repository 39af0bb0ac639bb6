import type { ServiceType } from '@drivebay/shared';

export type Choice = { timezone: string; brands: string[]; storeIds: number[]; interactionType: ServiceType | ''; customerTypes: string[] };
export const EMPTY_CHOICE: Choice = { timezone: '', brands: [], storeIds: [], interactionType: '', customerTypes: [] };

/**
 * The cascade of the automated lead-manager screen (operations §4): each choice resets every
 * choice after it. Pure, so the order of resets is one place.
 */
export function chooseAutomated(current: Choice, change: Partial<Choice>): Choice {
  if (change.timezone !== undefined) return { ...EMPTY_CHOICE, timezone: change.timezone };
  if (change.brands !== undefined) return { ...current, brands: change.brands, storeIds: [], interactionType: '', customerTypes: [] };
  if (change.storeIds !== undefined) return { ...current, storeIds: change.storeIds, interactionType: '', customerTypes: [] };
  if (change.interactionType !== undefined) return { ...current, interactionType: change.interactionType, customerTypes: [] };
  return { ...current, ...change };
}

