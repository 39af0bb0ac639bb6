/** Closing tags of elements that start a new line; a space keeps their words apart in one line. */
const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|blockquote)\s*>|<br\s*\/?>/gi;

/**
 * The readable text of a message body for one-line previews: email bodies arrive as HTML. The
 * browser's own parser does the work (entities included) and a parsed document is inert, so
 * nothing in it runs or loads. Text without markup is returned as it is.
 *
 * The outgoing-SMS conversion (`htmlToSmsText` in shared) is not used for previews because its
 * html-to-text dependency would be bundled into the login page while `shared` is not marked free
 * of side effects.
 */
export function htmlToPlainText(content: string): string {
  if (!/<[a-z!/]/i.test(content)) return content;
  const doc = new DOMParser().parseFromString(content.replace(BLOCK_END, '$& '), 'text/html');
  for (const hidden of doc.body.querySelectorAll('script, style, template')) hidden.remove();
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
