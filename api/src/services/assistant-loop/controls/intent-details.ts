import type { IntentDetails } from '@drivebay/shared';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../auth/sessions';
import { loadInteractionForUser } from '../../conversations/interaction-access';
import { assertMessageOptions, latestCustomerMessage, loadCustomerMessage, storedAnalysis } from '../messages';
import { FSI_FIELD } from './common';

/** `GET .../intentDetails`: the Show Intents modal for a message (the latest customer message when none is named). */
export async function intentDetails(sql: Sql, user: SessionUser, q: { interactionId: number; messageId?: number | undefined }): Promise<IntentDetails> {
  assertMessageOptions(user);
  const f = await loadInteractionForUser(sql, user, q.interactionId, FSI_FIELD);
  const m = q.messageId !== undefined ? await loadCustomerMessage(sql, f.id, q.messageId) : await latestCustomerMessage(sql, f.id);
  const stored = m ? await storedAnalysis(sql, m.id) : null;
  if (!stored) return { messageId: m?.id ?? null, intents: [], finalIntentNames: [], multiIntentNames: [], dateTimes: [], staffIntent: null };
  const r = stored.result;
  return {
    messageId: m!.id,
    intents: r.intents.map((s) => ({ intentName: s.intentName, symLogs: { inputStrListBeforePreprocessor: [s.text] }, confidence: s.confidence })),
    finalIntentNames: r.finalIntentNames,
    multiIntentNames: r.multiIntentNames,
    dateTimes: r.dateTimes,
    staffIntent: stored.staffIntent,
  };
}
