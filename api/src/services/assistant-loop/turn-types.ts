import type { AnalyzeResponse, IntentCode } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { Logger } from '../../lib/logger';
import type { OutboxWaker } from '../conversations/deps';
import type { InboxNotifier } from '../conversations/notifier';
import type { LoopContext } from './context';
import type { Plan } from './decide';
import type { Rephraser } from './llm';

/** What started a turn (assistant_turn.kind). */
export type TurnKind = 'INBOUND' | 'LOG_MODE' | 'ACTION_INTENT' | 'DEFAULT_ACTION_INTENT' | 'DT_DIALOG' | 'WORKFLOW' | 'HANDOFF';

/** What a turn needs besides its request. */
export type TurnDeps = {
  sql: Sql;
  notifier: InboxNotifier;
  outbox?: OutboxWaker | undefined;
  logger?: Logger | undefined;
  rephraser?: Rephraser | null | undefined;
  /** The clock slots and quiet hours are judged by; the real time unless a test pins it. */
  clock?: (() => Date) | undefined;
};

/** An analysis of a customer message to keep (message_intent). */
export type StoredAnalysis = { result: AnalyzeResponse; referenceTime: Date; zone: string };

export type TurnRequest = {
  interactionId: number;
  kind: TurnKind;
  /** The customer message the turn is about; an INBOUND turn claims it. */
  messageId: number | null;
  /** The person who asked for the turn (staff controls); null for the assistant's own. */
  user?: { id: number; name: string } | null;
  analysis?: StoredAnalysis | null;
  /** The intent a person chose for the message (Action Intents). */
  staffIntent?: IntentCode | null;
  /** Decides the turn from the interaction as it stands, read with `db`. */
  decide: (ctx: LoopContext, db: Sql) => Promise<Plan>;
  /** The dealership starts this contact: it waits out the customer's quiet hours unless they wrote within a day. */
  outreach: boolean;
  /** The customer's words the turn answers (for the handoff bubble and the rephrasing). */
  customerText: string | null;
  /** The reply's client id, so a retried request sends it once; random when absent. */
  clientMessageId?: string;
};

export type TurnResult = {
  /** The message was claimed before: nothing was done. */
  duplicate: boolean;
  turnId: number | null;
  action: string;
  plan: Plan | null;
  replyText: string | null;
  replyMessageId: number | null;
  appointmentId: number | null;
  heldUntil: Date | null;
};

/** A turn's request as its effects see it: with the claim it holds, its clock and the reworded reply. */
export type ApplyOptions = TurnRequest & { claimId: number | null; now: Date; rephrased: { template: string; text: string } | null };
