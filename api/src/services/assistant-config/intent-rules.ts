import { AIVA_FILE_NAME, parseAivaFile, type AivaFile, type AnalyzeResponse, type IntentCode } from '@drivebay/shared';
import type { Sql } from '../../db/database';
import { fold } from '../assistant/nlp';

/** The newest saved intent rules of a store and division, or null when none were ever saved. */
export async function loadIntentRules(sql: Sql, storeId: number, divisionId: string): Promise<AivaFile | null> {
  const [row] = await sql<{ fileContent: string }[]>`
    select file_content from assistant_file_version
    where store_id = ${storeId} and division_id = ${divisionId} and kind = 'aiva' and file_name = ${AIVA_FILE_NAME}
    order by version desc limit 1`;
  if (!row) return null;
  const parsed = parseAivaFile(row.fileContent);
  return parsed.ok ? parsed.value : null;
}

/** The intent of the first rule with a pattern that matches the folded text, or null. */
export function matchIntentRule(rules: AivaFile | null, text: string): IntentCode | null {
  if (!rules) return null;
  const folded = fold(text);
  for (const rule of rules.rules) {
    if (rule.patterns.some((p) => new RegExp(p, 'iu').test(folded))) return rule.intent as IntentCode;
  }
  return null;
}

/**
 * An analysis with the store's rule decision first: the matched intent leads finalIntentNames (it
 * routes the conversation) and is in multiIntentNames. Without rules or a match, the analysis is
 * returned unchanged: the assistant behaves as the code's defaults say.
 */
export function withRuleIntent(analysis: AnalyzeResponse, intent: IntentCode | null): AnalyzeResponse {
  if (!intent) return analysis;
  return {
    ...analysis,
    finalIntentNames: [intent, ...analysis.finalIntentNames.filter((i) => i !== intent)],
    multiIntentNames: analysis.multiIntentNames.includes(intent) ? analysis.multiIntentNames : [intent, ...analysis.multiIntentNames],
    uncertain: undefined,
  } as AnalyzeResponse;
}

/** The analysis as the store's rules and the classifier read it together. */
export async function applyIntentRules(sql: Sql, o: { storeId: number; divisionId: string; text: string; analysis: AnalyzeResponse }): Promise<AnalyzeResponse> {
  return withRuleIntent(o.analysis, matchIntentRule(await loadIntentRules(sql, o.storeId, o.divisionId), o.text));
}
