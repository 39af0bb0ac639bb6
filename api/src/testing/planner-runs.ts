import { plannerRunSchema, type PlannerRun } from '@drivebay/shared';
import { waitFor, type ConversationHarness } from './conversation-harness';
import { expectContract } from './contract';

/** Waits, through the API, until planner run `runId` has completed or failed, and returns it. */
export function finishedRun(h: ConversationHarness, token: string, runId: number): Promise<PlannerRun> {
  return waitFor(
    async () => {
      const res = await h.call(`/api/future-service-interaction/planner-runs/${runId}`, { token });
      const run = expectContract(plannerRunSchema, await res.json());
      return run.status === 'COMPLETED' || run.status === 'FAILED' ? run : null;
    },
    30_000,
    `run ${runId}`,
  );
}
