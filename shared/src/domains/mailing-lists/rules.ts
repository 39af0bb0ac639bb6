import { CODE_PREFIX_ERROR_MARKER, MAILING_LIST_CODE_PREFIX } from './constants';

/** Whether a list code has the required prefix (exactly 'LIST-', as written). */
export function hasListPrefix(code: string): boolean {
  return code.trim().startsWith(MAILING_LIST_CODE_PREFIX);
}

/**
 * Whether a code names a list after its prefix: the bare prefix `LIST-` (the form's starting value)
 * would otherwise become a list nobody can tell apart.
 */
export function hasListName(code: string): boolean {
  const trimmed = code.trim();
  return hasListPrefix(trimmed) && trimmed.slice(MAILING_LIST_CODE_PREFIX.length).trim().length > 0;
}

/** Whether a server error list is the prefix rule's refusal (spec §5: it contains 'should begin with'). */
export function isCodePrefixRefusal(errors: readonly string[]): boolean {
  return errors.some((e) => e.includes(CODE_PREFIX_ERROR_MARKER));
}
