import {
  AppError,
  MERGE_FIELD_PATTERN,
  REPLY_MERGE_PATHS,
  checkAssistantFile,
  expandMergeFields,
  htmlToSmsText,
  type ExecuteResult,
  type MergeValues,
} from '@drivebay/shared';
import type { Sql } from '../../db/database';
import type { SessionUser } from '../auth/sessions';
import { requireAction, requireStore } from '../admin/guard';
import { defaultAnalyzer } from '../assistant';
import { loadContext } from '../assistant-loop/context';
import { decideInbound } from '../assistant-loop/decide';
import { replyForStep } from '../assistant-loop/replies';
import { formatSlot, storeHours } from '../assistant-loop/slots';
import { loadInteractionForUser } from '../conversations/interaction-access';
import { loadMergeValues } from '../templates/merge-values';
import { loadIntentRules, matchIntentRule, withRuleIntent } from './intent-rules';

/**
 * A template rendered with a real interaction's merge fields, as the assistant would send it:
 * the appointment fields show the next full hour on the store's clock as a sample time.
 */
export async function previewTemplate(sql: Sql, user: SessionUser, o: { futureServiceInteractionId: number; fileContent: string }) {
  requireAction(user, 'ASSISTANT_DEVELOP');
  await loadInteractionForUser(sql, user, o.futureServiceInteractionId, 'futureServiceInteractionId');
  const ctx = await loadContext(sql, o.futureServiceInteractionId);
  const base = await loadMergeValues(sql, o.futureServiceInteractionId);
  if (!ctx || !base) throw new AppError('NOT_FOUND', `Interaction ${o.futureServiceInteractionId} does not exist`, [{ field: 'body.futureServiceInteractionId', message: 'unknown interaction' }]);
  const sample = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 24 * 3_600_000);
  const values = {
    ...base,
    office: { ...base.office, hours: o.fileContent.includes('${office.hours}') ? await storeHours(sql, ctx.storeId) : '' },
    appointment: { time: formatSlot(sample, ctx.store.zone), choices: formatSlot(sample, ctx.store.zone) },
    repairOrder: { number: 'RO-SAMPLE', lane: 'Working', promised: '' },
  } as MergeValues;
  const unknownFields = [...o.fileContent.matchAll(new RegExp(MERGE_FIELD_PATTERN.source, 'g'))].map((m) => m[1]!).filter((p) => !REPLY_MERGE_PATHS.includes(p));
  return { text: htmlToSmsText(expandMergeFields(o.fileContent, values)), unknownFields: [...new Set(unknownFields)] };
}

/** Checks a file against its schema without saving it. */
export function validateFile(user: SessionUser, o: { fileName: string; fileContent: string }) {
  requireAction(user, 'ASSISTANT_DEVELOP');
  const check = checkAssistantFile(o.fileName, o.fileContent);
  return check.ok ? { valid: true, errors: [] } : { valid: false, errors: check.errors };
}

type RunRow = { id: number; input: string; result: Omit<ExecuteResult, 'id' | 'source' | 'input' | 'createdOn'>; createdOn: Date };
type TurnRow = {
  id: number; input: string | null; finalIntentNames: string[] | null; multiIntentNames: string[] | null; intent: string | null;
  action: string; replyText: string | null; createdOn: Date;
};

/**
 * Runs the store's intent rules, the analyzer and (with an interaction) the loop's decision on a
 * sample message, and the reply it would send — without sending or changing anything. Every run
 * is kept for the log.
 */
export async function execute(sql: Sql, user: SessionUser, o: { storeId: number; divisionId: string; message: string; futureServiceInteractionId: number | null }): Promise<ExecuteResult> {
  const place = await requireStore(sql, user, 'ASSISTANT_DEVELOP', o.storeId);
  let ctx = null;
  if (o.futureServiceInteractionId !== null) {
    const ref = await loadInteractionForUser(sql, user, o.futureServiceInteractionId, 'futureServiceInteractionId');
    if (ref.storeId !== o.storeId) throw new AppError('VALIDATION_FAILED', 'The interaction is not of this store', [{ field: 'body.futureServiceInteractionId', message: 'another store' }]);
    ctx = await loadContext(sql, o.futureServiceInteractionId);
  }
  const [store] = await sql<{ officeTimeZone: string }[]>`select office_time_zone from store where id = ${o.storeId}`;
  const now = new Date();
  const analysis = defaultAnalyzer().analyze(o.message, { instant: now, zone: ctx?.zone ?? store!.officeTimeZone });
  const ruleIntent = matchIntentRule(await loadIntentRules(sql, o.storeId, o.divisionId), o.message);
  const final = withRuleIntent(analysis, ruleIntent);
  let step = 'NONE: no interaction given, only the reading';
  let reply: string | null = null;
  if (ctx) {
    const plan = await decideInbound({ ctx, db: sql, now, analysis: final, messageAt: now, customerText: o.message });
    step = plan.step.kind === 'NONE' ? `NONE: ${plan.step.reason}` : plan.step.kind;
    reply = (await replyForStep(sql, ctx, plan.step))?.text ?? null;
  }
  const result = { ruleIntent, finalIntentNames: final.finalIntentNames, multiIntentNames: final.multiIntentNames, step, reply };
  const [row] = await sql<{ id: number; createdOn: Date }[]>`insert into assistant_dev_run (enterprise_id, store_id, division_id, input, result, created_by)
    values (${place.enterpriseId}, ${o.storeId}, ${o.divisionId}, ${o.message}, ${sql.json(result)}, ${user.userId}) returning id, created_on`;
  return { id: row!.id, source: 'EXECUTE', input: o.message, ...result, createdOn: row!.createdOn.toISOString() };
}

/**
 * The recent decisions with their inputs, newest first: the developer area's runs and the
 * assistant's answers to customers of the store's division (what it read, what it did, what it
 * replied).
 */
export async function devLog(sql: Sql, user: SessionUser, o: { storeId: number; divisionId: string; limit: number }): Promise<ExecuteResult[]> {
  await requireStore(sql, user, 'ASSISTANT_DEVELOP', o.storeId);
  const runs = await sql<RunRow[]>`select id, input, result, created_on from assistant_dev_run
    where store_id = ${o.storeId} and division_id = ${o.divisionId} order by created_on desc, id desc limit ${o.limit}`;
  const turns = await sql<TurnRow[]>`
    select t.id, m.content as input, i.final_intent_names, i.multi_intent_names, t.intent, t.action, t.reply_text, t.created_on
    from assistant_turn t
    join future_service_interaction f on f.id = t.future_service_interaction_id
    left join message_instance m on m.id = t.message_instance_id
    left join message_intent i on i.message_instance_id = t.message_instance_id
    where f.store_id = ${o.storeId} and f.division_id = ${o.divisionId} and t.kind = 'INBOUND'
    order by t.created_on desc, t.id desc limit ${o.limit}`;
  const entries: ExecuteResult[] = [
    ...runs.map((r) => ({ id: r.id, source: 'EXECUTE' as const, input: r.input, ...r.result, createdOn: r.createdOn.toISOString() })),
    ...turns.map((t) => ({
      id: t.id, source: 'CONVERSATION' as const, input: t.input ?? '', ruleIntent: null,
      finalIntentNames: t.finalIntentNames ?? (t.intent ? [t.intent] : []), multiIntentNames: t.multiIntentNames ?? [],
      step: t.action, reply: t.replyText, createdOn: t.createdOn.toISOString(),
    })),
  ];
  return entries.sort((a, b) => b.createdOn.localeCompare(a.createdOn)).slice(0, o.limit);
}
