import { SERVICE_TYPES, type Role, type ServiceType } from '../../codes';
import { EST_DUE_DATE_MARKS, EST_DUE_DATE_PATH, TEMPLATE_LINE_BREAK } from './constants';
import type { MergeValues } from './schemas';

/** A newline typed in the editor is stored as a line-break tag (spec §3). */
export function textToTemplateBody(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\n/g, TEMPLATE_LINE_BREAK);
}

/** A stored body back in the editor: each line-break tag is a newline again. */
export function templateBodyToText(body: string): string {
  return body.replace(/<br\s*\/?>/gi, '\n');
}

/** A merge field as it is written in a body. */
export function mergeToken(path: string): string {
  return `\${${path}}`;
}

/** Every ${path} in a body. */
export const MERGE_FIELD_PATTERN = /\$\{([A-Za-z][\w.]*)\}/g;

/** The path the Est Due Date menu entry inserts for a service type, e.g. product.estDueDate_5k. */
export function estDueDatePath(serviceType: ServiceType | null | undefined): string {
  const mark = serviceType ? EST_DUE_DATE_MARKS[serviceType] : undefined;
  return mark ? `${EST_DUE_DATE_PATH}_${mark}` : EST_DUE_DATE_PATH;
}

/** The value of a merge path, or undefined when the path names no field. */
export function mergeValue(values: MergeValues, path: string): string | undefined {
  // Every Est Due Date variant names the same date; the mark only says which milestone it is.
  const canonical = path.startsWith(EST_DUE_DATE_PATH) ? EST_DUE_DATE_PATH : path;
  const [group, field, ...rest] = canonical.split('.');
  if (!group || !field || rest.length) return undefined;
  const section = (values as Record<string, Record<string, string> | undefined>)[group];
  const value = section?.[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A body with its merge fields filled in. A known field without a value becomes empty (the
 * customer must never read "${customer.email}"); an unknown path is left as written so a typo
 * stays visible to the person editing.
 */
export function expandMergeFields(body: string, values: MergeValues): string {
  return body.replace(MERGE_FIELD_PATTERN, (whole, path: string) => mergeValue(values, path) ?? whole);
}

/**
 * Text with `insertion` put in place of the selection [start, end); returns the new text and where
 * the caret goes (right after the insertion).
 */
export function insertAtSelection(text: string, start: number, end: number, insertion: string): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insertion + text.slice(b), caret: a + insertion.length };
}

/**
 * Who may add, change and delete shared templates (group templates of the enterprise and store
 * templates): administrators and managers, whose wording goes out in everybody's name. Everyone
 * may use them and keep personal copies. Any of the user's roles counts.
 */
export const SHARED_TEMPLATE_EDITOR_ROLES: readonly Role[] = [
  'SUPER_ADMIN',
  'SUPER_DATA_ADMIN',
  'SUPER_USER',
  'ENTERPRISE_ADMIN',
  'CORPORATE_ADMIN',
  'DIVISION_MANAGER',
  'OFFICE_MANAGER',
];

export function canEditSharedTemplates(roles: readonly Role[]): boolean {
  return roles.some((r) => SHARED_TEMPLATE_EDITOR_ROLES.includes(r));
}

/** The makes each brand-specific service type belongs to; the other service types suit every make. */
const SERVICE_TYPE_MAKES: Partial<Record<ServiceType, readonly string[]>> = {
  TOYOTA_ERROR_ALERT: ['toyota'],
  HONDA_OLD_MODEL: ['honda'],
  HONDA_SERVICE_PASS: ['honda'],
  LEXUS_ERROR_ALERT: ['lexus'],
  FIRST_SERVICE_GMC: ['gmc'],
  FIRST_SERVICE_BUICK: ['buick'],
  FIRST_SERVICE_CHEVROLET: ['chevrolet', 'chevy'],
};

/**
 * The service types in the order a store's template lists offer them: first those made for the
 * store's brands, then the ones every make has, and last the other makes' own (still there, for an
 * enterprise that sells several). The order within each part is the specification's.
 */
export function serviceTypesForBrands(brands: readonly (string | null | undefined)[]): ServiceType[] {
  const mine = new Set(brands.filter((b): b is string => !!b).map((b) => b.trim().toLowerCase()));
  const rank = (s: ServiceType) => {
    const makes = SERVICE_TYPE_MAKES[s];
    if (!makes) return 1;
    return makes.some((m) => mine.has(m)) ? 0 : 2;
  };
  return [...SERVICE_TYPES].sort((a, b) => rank(a) - rank(b));
}
