import { z } from 'zod';
import { PLANNER_CODES } from './constants';
import { leftOutCountsSchema, plannerRunFields, plannerRunSchema, windowInOrder } from './schemas';

/**
 * `POST /api/lisa/hand-off/manual-hand-off` with a JSON body: a planner's due list handed to people
 * instead of the assistant. The same parameters as the planner's own run, and the planner.
 * (With the query `future-service-interaction-id` and no body, the same call hands one
 * conversation over: conversation spec §2, Options.)
 */
export const plannerHandOffSchema = z.object({ ...plannerRunFields, planner: z.enum(PLANNER_CODES) }).refine(...windowInOrder);
export type PlannerHandOffParams = z.output<typeof plannerHandOffSchema>;
export type PlannerHandOffBody = z.input<typeof plannerHandOffSchema>;

/**
 * `POST /api/lisa/art`: the all-tabs run and transfer. Every planner tab of the store for one
 * planner date: view mode counts each tab's due list, transfer mode queues a transfer run per tab,
 * worked one after another. `planners` narrows the tabs (every tab when absent).
 */
export const artParamsSchema = z.object({
  store_id: plannerRunFields.store_id,
  boc_id: plannerRunFields.boc_id,
  plannerDate: plannerRunFields.plannerDate,
  transfer: plannerRunFields.transfer,
  hardRun: plannerRunFields.hardRun,
  planners: z.array(z.enum(PLANNER_CODES)).min(1).max(PLANNER_CODES.length).optional(),
});
export type ArtParams = z.output<typeof artParamsSchema>;
export type ArtBody = z.input<typeof artParamsSchema>;

/** Why a tab of an all-tabs run was not run. */
export const ART_SKIPS = ['NO_INSPECTION_IN_STATE', 'ALREADY_TRANSFERRED'] as const;
export type ArtSkip = (typeof ART_SKIPS)[number];

export const artTabSchema = z.object({
  planner: z.enum(PLANNER_CODES),
  plannerName: z.string(),
  /** View mode: the tab's due count; transfer mode: null (the run counts it when it works). */
  due: z.number().int().nullable(),
  leftOut: leftOutCountsSchema.nullable(),
  /** Transfer mode: the tab's queued transfer run. */
  run: plannerRunSchema.nullable(),
  skipped: z.enum(ART_SKIPS).nullable(),
});
export type ArtTab = z.infer<typeof artTabSchema>;

export const artResultSchema = z.object({
  storeId: z.number().int().positive(),
  plannerDate: z.string(),
  transfer: z.boolean(),
  /** Transfer mode: the id its runs share (planner-runs of the store show it as artId). */
  artId: z.string().nullable(),
  tabs: z.array(artTabSchema),
});
export type ArtResult = z.infer<typeof artResultSchema>;
