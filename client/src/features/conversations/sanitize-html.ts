/**
 * Message bodies arrive as HTML (e-mail, notes, handoff notices) written by customers, carriers and
 * other systems, so they are rebuilt from an allow-list before they reach the page: basic
 * formatting elements only, no attributes except a checked `href` on links. Scripts, styles,
 * frames, forms, images and event handlers cannot survive, because nothing is copied that is not
 * named here. Parsing uses the browser's own DOMParser, whose documents are inert (nothing runs or
 * loads while parsing). No sanitizer library is among the client's dependencies, and the rule
 * fits in this file.
 */

const ALLOWED = new Set([
  'a', 'b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup',
  'br', 'hr', 'p', 'div', 'span', 'blockquote', 'pre', 'code',
  'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption',
]);

// Elements whose content is not text a reader should see: dropped with everything inside.
const DROPPED = new Set([
  'script', 'style', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'noscript', 'noembed',
  'svg', 'math', 'link', 'meta', 'base', 'title', 'head', 'form', 'input', 'button', 'textarea', 'select', 'option',
  'img', 'picture', 'video', 'audio', 'source', 'track', 'canvas', 'map', 'area',
]);

const SAFE_URL = /^(https?:|mailto:|tel:)/i;

function safeHref(value: string | null): string | null {
  if (!value) return null;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so must we.
  const compact = Array.from(value)
    .filter((ch) => ch.charCodeAt(0) > 0x20 && (ch.charCodeAt(0) < 0x7f || ch.charCodeAt(0) > 0x9f))
    .join('');
  return SAFE_URL.test(compact) ? value.trim() : null;
}

function copyChildren(from: Node, to: Node, out: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      to.appendChild(out.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (DROPPED.has(tag)) continue;
    if (!ALLOWED.has(tag)) {
      // Unknown wrappers (font, center, custom tags) keep their text.
      copyChildren(element, to, out);
      continue;
    }
    const copy = out.createElement(tag);
    if (tag === 'a') {
      const href = safeHref(element.getAttribute('href'));
      if (href) {
        copy.setAttribute('href', href);
        copy.setAttribute('target', '_blank');
        copy.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    }
    copyChildren(element, copy, out);
    to.appendChild(copy);
  }
}

/** Safe HTML for `dangerouslySetInnerHTML`: the allow-listed elements and the text of the rest. */
export function sanitizeHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const out = document.implementation.createHTMLDocument('');
  const container = out.createElement('div');
  copyChildren(parsed.body, container, out);
  return container.innerHTML;
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
