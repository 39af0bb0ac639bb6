/** Mailing lists: every list's code starts with this prefix (spec §5). */
export const MAILING_LIST_CODE_PREFIX = 'LIST-';

export const MAILING_LIST_TEXT = {
  /** What the screen shows when the server refuses a code for its prefix. */
  codePrefix: 'List Should Start With LIST-',
  /** The rule as the server states it in its error list; the screen looks for 'should begin with'. */
  serverCodeRule: 'code should begin with LIST-',
  codeRequired: 'Please enter a list code',
  /** A code that is the prefix alone names no list. */
  codeNameRequired: 'Add a name after LIST-',
  duplicateCode: 'A list with this code already exists',
  memberRequired: 'Give a customer, an email address or a mobile number',
  duplicateMember: 'This contact is already on the list',
  deleteListConfirm: 'Are you sure want to delete this list?',
  deleteMemberConfirm: 'Are you sure want to remove this contact from the list?',
  deleted: 'Successfully Deleted',
  added: 'Successfully Added',
  empty: 'No records available',
} as const;

/** The marker a server error carries when a code lacks the prefix (spec §5). */
export const CODE_PREFIX_ERROR_MARKER = 'should begin with';
