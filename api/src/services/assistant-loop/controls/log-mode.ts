import { ASSISTANT_NOTICES } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { loadContext } from '../context';
import { decideInbound } from '../decide';
import { storeAnalysis } from '../effects/record-intents';
import { assertMessageOptions, loadCustomerMessage, readMessage } from '../messages';
import { replyForStep } from '../replies';
import type { TurnDeps } from '../turn-types';
import { FSI_FIELD } from './common';

/**
 * `POST .../track/logMode`. Without a verdict: log mode is switched on for the customer message
 * (is_log_mode_to_be_sent), its validity goes back to "not reviewed" (null), and what the
 * assistant would do with the message is worked out and logged, without sending or changing
 * anything. With `validLogMode`: a reviewer's verdict on that reading (true right, false wrong).
 */
export async function setLogMode(
  deps: TurnDeps,
  user: SessionUser,
  q: { interactionId: number; messageId: number; validLogMode?: boolean | undefined },
): Promise<{ message: string; messageId: number; isLogModeToBeSent: boolean; validLogMode: boolean | null; action: string | null; loggedReply: string | null }> {
  assertMessageOptions(user);
  const { sql } = deps;
  const f = await loadInteractionForUser(sql, user, q.interactionId, FSI_FIELD);
  const m = await loadCustomerMessage(sql, f.id, q.messageId);
  if (q.validLogMode !== undefined) {
    await sql`update message_instance set is_log_mode_to_be_sent = true, valid_log_mode = ${q.validLogMode} where id = ${m.id}`;
    deps.notifier.interactionsChanged(f.storeId, [f.id]);
    return { message: ASSISTANT_NOTICES.updated, messageId: m.id, isLogModeToBeSent: true, validLogMode: q.validLogMode, action: null, loggedReply: null };
  }
  const { analysis, stored } = await readMessage(sql, m);
  const logged = await sql.begin(async (t) => {
    const tx = t as unknown as Sql;
    await tx`select id from future_service_interaction where id = ${f.id} for update`;
    const ctx = (await loadContext(tx, f.id))!;
    // The reading as if the assistant were on: log mode shows what it would do.
    const decided = await decideInbound({
      ctx: { ...ctx, aiEnabled: true }, db: tx, now: (deps.clock ?? (() => new Date()))(), analysis: analysis.result, messageAt: m.createdOn, customerText: m.content,
    });
    const reply = await replyForStep(tx, ctx, decided.step);
    if (!stored) await storeAnalysis(tx, f.id, m.id, analysis);
    await tx`update message_instance set is_log_mode_to_be_sent = true, valid_log_mode = null where id = ${m.id}`;
    const action = `LOGGED_${decided.step.kind}`;
    await tx`
      insert into assistant_turn (future_service_interaction_id, message_instance_id, kind, intent, action, parameter, track, reply_text, user_id, detail)
      values (${f.id}, ${m.id}, 'LOG_MODE', ${decided.intent}, ${action}, ${decided.parameter}, ${decided.track}, ${reply?.text ?? null}, ${user.userId},
        ${tx.json({ step: decided.step.kind })})`;
    return { action, text: reply?.text ?? null };
  });
  deps.notifier.interactionsChanged(f.storeId, [f.id]);
  return { message: ASSISTANT_NOTICES.logModeEnabled, messageId: m.id, isLogModeToBeSent: true, validLogMode: null, action: logged.action, loggedReply: logged.text };
}
