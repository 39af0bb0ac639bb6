import type { AnalyzeResponse, ControlResultDto, ResponseCategory } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import type { LoopContext } from '../context';
import type { Plan, Step } from '../decide';
import { latestCustomerMessage, readMessage } from '../messages';
import type { TurnResult } from '../turn-types';

export const FSI_FIELD = 'query.future-service-interaction-id';

export const who = (user: SessionUser) => ({ id: user.userId, name: `${user.firstName} ${user.lastName}`.trim() || user.username });

/** What a control that made the assistant act answers. */
export type ControlResult = ControlResultDto;

export const controlResult = (message: string, r: TurnResult): ControlResult => ({
  message,
  action: r.action,
  messageInstanceId: r.replyMessageId,
  replyText: r.replyText,
  heldUntil: r.heldUntil?.toISOString() ?? null,
  appointmentId: r.appointmentId,
});

export const plan = (step: Step, o: Partial<Plan> = {}): Plan => ({
  intent: null, step, parameter: null, track: null, insight: null, marks: [], respondedToAi: false, ...o,
});

/** A handoff by a person names the conversation "hand-off" unless it has a category already. */
export const handoffInsight = (ctx: LoopContext): ResponseCategory | null => (ctx.responseInsight === null ? 'HO' : null);

/** The customer's latest words in the interaction and their reading, for a control that acts on them. */
export async function customerWords(sql: Sql, interactionId: number): Promise<{ text: string | null; analysis: AnalyzeResponse | null; at: Date | null }> {
  const m = await latestCustomerMessage(sql, interactionId);
  if (!m) return { text: null, analysis: null, at: null };
  const { analysis } = await readMessage(sql, m);
  return { text: m.content, analysis: analysis.result, at: m.createdOn };
}
