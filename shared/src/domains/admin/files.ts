import { z } from 'zod';
import { INTENT_CODES } from '../assistant/constants';
import { ASSISTANT_REPLY_KEYS, type AssistantReplyKey } from '../assistant/workflow';
import { MERGE_FIELD_GROUPS } from '../templates/constants';
import { MERGE_FIELD_PATTERN } from '../templates/rules';

/**
 * The assistant's developer files. `tpl` files are its reply templates, one per reply key
 * (`APPT_SET.tpl`); `aiva` files hold its intent rules (`intent-rules.aiva`), patterns that decide
 * an intent before the classifier is asked.
 */
export const ASSISTANT_FILE_KINDS = ['tpl', 'aiva'] as const;
export type AssistantFileKind = (typeof ASSISTANT_FILE_KINDS)[number];

/** The one intent-rules file of a store and division. */
export const AIVA_FILE_NAME = 'intent-rules.aiva';

export const tplFileName = (key: AssistantReplyKey) => `${key}.tpl`;

/** The reply key a template file name stands for, or null. */
export function replyKeyOfFile(fileName: string): AssistantReplyKey | null {
  const m = /^(.+)\.tpl$/.exec(fileName);
  return m && (ASSISTANT_REPLY_KEYS as readonly string[]).includes(m[1]!) ? (m[1] as AssistantReplyKey) : null;
}

/** Merge fields a reply template may use: the editor's menus plus the assistant's own facts. */
export const REPLY_MERGE_PATHS: readonly string[] = [
  ...MERGE_FIELD_GROUPS.flatMap((g) => g.fields.map((f) => f.path)),
  'appointment.time', 'appointment.choices', 'office.hours', 'repairOrder.number', 'repairOrder.lane', 'repairOrder.promised',
];

/** An SMS the assistant sends is at most this long; a template longer than that is refused. */
export const MAX_TEMPLATE_LENGTH = 1600;

const patternSchema = z.string().min(1, 'A pattern cannot be empty').max(500);

export const aivaFileSchema = z.object({
  rules: z
    .array(
      z.object({
        intent: z.enum(INTENT_CODES as unknown as [string, ...string[]], { error: 'Unknown intent code' }),
        patterns: z.array(patternSchema).min(1, 'A rule needs at least one pattern').max(50),
      }),
    )
    .max(100),
});
export type AivaFile = z.infer<typeof aivaFileSchema>;

export type FileProblem = { field: string; message: string };
export type FileCheck<T> = { ok: true; value: T } | { ok: false; errors: FileProblem[] };

/** Parses an intent-rules file: JSON, the schema, and every pattern a valid regular expression. */
export function parseAivaFile(content: string): FileCheck<AivaFile> {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch (e) {
    return { ok: false, errors: [{ field: 'fileContent', message: `Not valid JSON: ${(e as Error).message}` }] };
  }
  const parsed = aivaFileSchema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, errors: parsed.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'fileContent', message: i.message })) };
  }
  const errors: FileProblem[] = [];
  parsed.data.rules.forEach((r, i) =>
    r.patterns.forEach((p, j) => {
      try {
        new RegExp(p, 'iu');
      } catch (e) {
        errors.push({ field: `rules.${i}.patterns.${j}`, message: `Not a valid pattern: ${(e as Error).message}` });
      }
    }),
  );
  return errors.length ? { ok: false, errors } : { ok: true, value: parsed.data };
}

/** Checks a reply template: not empty, not too long, only known merge fields. */
export function checkTemplateFile(content: string): FileCheck<string> {
  const errors: FileProblem[] = [];
  if (!content.trim()) errors.push({ field: 'fileContent', message: 'A template cannot be empty' });
  if (content.length > MAX_TEMPLATE_LENGTH) errors.push({ field: 'fileContent', message: `A template is at most ${MAX_TEMPLATE_LENGTH} characters` });
  for (const m of content.matchAll(new RegExp(MERGE_FIELD_PATTERN.source, 'g'))) {
    if (!REPLY_MERGE_PATHS.includes(m[1]!)) errors.push({ field: 'fileContent', message: `Unknown merge field \${${m[1]}}` });
  }
  if ((content.match(/\$\{/g) ?? []).length !== [...content.matchAll(new RegExp(MERGE_FIELD_PATTERN.source, 'g'))].length) {
    errors.push({ field: 'fileContent', message: 'A merge field is not closed: write it as ${group.field}' });
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: content };
}

/** Checks a file of either kind by its name. */
export function checkAssistantFile(fileName: string, content: string): FileCheck<unknown> {
  if (fileName === AIVA_FILE_NAME) return parseAivaFile(content);
  if (replyKeyOfFile(fileName)) return checkTemplateFile(content);
  return { ok: false, errors: [{ field: 'fileName', message: `Unknown file ${fileName}: use ${AIVA_FILE_NAME} or <reply key>.tpl` }] };
}
