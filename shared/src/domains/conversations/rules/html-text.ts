/**
 * Message text from the editor's HTML, as it goes out by SMS.
 */
import { compile, type HtmlToTextOptions } from 'html-to-text';

/** The wrap width of the conversion; the wraps become spaces afterwards anyway. */
export const HTML_TEXT_LINE_WIDTH = 130;

const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } }));

const OPTIONS: HtmlToTextOptions = {
  wordwrap: HTML_TEXT_LINE_WIDTH,
  decodeEntities: true,
  selectors: [
    // A pasted link whose text is its address would otherwise be sent twice.
    { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    // Images travel as media attachments; their addresses in the text would be noise.
    { selector: 'img', format: 'skip' },
    // A heading typed in the editor is the advisor's wording, not a shout.
    ...HEADINGS,
    // Cells of a pasted table are set apart, so words of neighbouring cells do not run together.
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
  ],
};

// The converter made from OPTIONS once, when first needed: `convert` builds it again on every
// call, which costs about twenty times the conversion of a short message itself.
let toText: ((html: string) => string) | null = null;

/**
 * Plain SMS text of an editor's HTML: entities unescaped, converted at line width 130, then every
 * run of whitespace (line breaks, tabs, non-breaking spaces) made one space and the ends trimmed.
 * Non-breaking spaces matter: they are not in the GSM-7 alphabet and would force the whole message
 * into UCS-2. A link keeps its address in brackets after its text unless the two are the same.
 */
export function htmlToSmsText(html: string): string {
  toText ??= compile(OPTIONS);
  return toText(html).replace(/\s+/g, ' ').trim();
}

/** True when the HTML holds no text a customer would see (empty paragraphs, line breaks, images). */
export function isBlankHtml(html: string): boolean {
  return htmlToSmsText(html) === '';
}
