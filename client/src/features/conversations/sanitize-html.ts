import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/*
 * Message bodies arrive as HTML (e-mail, notes, handoff notices) written by customers, carriers and
 * other systems. DOMPurify rebuilds them from an allow-list: basic formatting elements only, no
 * attribute but a checked `href` on links. Elements not listed are unwrapped (their text stays);
 * those whose content is not text a reader should see are dropped with everything inside.
 */

const ALLOWED_TAGS = [
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'br', 'hr', 'p', 'div', 'span', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
];

// Added to DOMPurify's own list of elements removed with their content.
const DROPPED = [
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'svg', 'math', 'link', 'meta', 'base', 'title', 'head', 'form', 'input', 'button', 'textarea', 'select', 'option',
  'img', 'picture', 'video', 'audio', 'source', 'track', 'canvas', 'map', 'area',
];

const CONFIG: Config = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: ['href'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ADD_FORBID_CONTENTS: DROPPED,
  // Only absolute web, mail and phone addresses; DOMPurify strips the spaces and control characters
  // browsers ignore inside a scheme ("java\tscript:") before it tests this.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
};

let purifier: Purifier | null = null;

// An instance of its own, so the link hook below never applies to another user of DOMPurify.
function messagePurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // A link that kept its address opens apart from the app and passes it nothing.
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purifier;
}

/** Safe HTML for `dangerouslySetInnerHTML`: the allow-listed elements and the text of the rest. */
export function sanitizeHtml(html: string): string {
  return messagePurifier().sanitize(html, CONFIG);
}

/** True when the text holds markup; plain texts (SMS) are shown as text with their line breaks. */
export function looksLikeHtml(content: string): boolean {
  return /<[a-z!/][^>]*>/i.test(content);
}

/** Plain text typed in the composer as HTML for an e-mail or a note: escaped, line breaks kept. */
export function textToHtml(text: string): string {
  const escaped = text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
  return escaped
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
