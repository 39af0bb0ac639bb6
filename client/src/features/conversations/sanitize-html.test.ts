// @vitest-environment jsdom
// DOMPurify does not work under happy-dom (allowed elements vanish and the walk stops part-way), so
// the sanitizer is tested in jsdom, which follows the DOM standard as the browsers do.
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, sanitizeHtml, textToHtml } from './sanitize-html';

describe('sanitizeHtml', () => {
  it('keeps basic formatting', () => {
    expect(sanitizeHtml('<p>Hi <b>Ana</b>, <em>see</em> you<br>soon</p><ul><li>one</li></ul>')).toBe(
      '<p>Hi <b>Ana</b>, <em>see</em> you<br>soon</p><ul><li>one</li></ul>',
    );
  });

  it('drops scripts, styles and frames with their content', () => {
    const out = sanitizeHtml('<p>ok</p><script>alert(1)</script><style>p{}</style><object data="x"></object><svg><script>1</script></svg>');
    expect(out).toBe('<p>ok</p>');
  });

  it('strips every attribute, event handlers included', () => {
    expect(sanitizeHtml('<p onclick="steal()" style="color:red" class="x">text</p>')).toBe('<p>text</p>');
    expect(sanitizeHtml('<img src=x onerror="alert(1)">after')).toBe('after');
  });

  it('keeps safe links and opens them apart from the app', () => {
    const out = sanitizeHtml('<a href="https://example.com/a?b=1" onclick="x()">site</a>');
    expect(out).toBe('<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">site</a>');
    expect(sanitizeHtml('<a href="mailto:a@b.c">mail</a>')).toContain('href="mailto:a@b.c"');
  });

  it('refuses script and data addresses, also when disguised', () => {
    for (const href of ['javascript:alert(1)', ' JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>1</script>', 'vbscript:x']) {
      expect(sanitizeHtml(`<a href="${href}">x</a>`)).toBe('<a>x</a>');
    }
  });

  it('unwraps unknown elements but keeps their text, escaped', () => {
    expect(sanitizeHtml('<font color="red">red &lt;b&gt;</font><center>mid</center>')).toBe('red &lt;b&gt;mid');
  });

  it('keeps no data, aria, target or style attribute of its own', () => {
    expect(sanitizeHtml('<span data-x="1" aria-label="l" style="x">t</span>')).toBe('<span>t</span>');
    expect(sanitizeHtml('<a href="https://example.com" target="_self">s</a>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">s</a>');
  });

  it('survives parser-confusion payloads', () => {
    for (const payload of [
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<math><mi><style><img src=x onerror=alert(1)></style></mi></math>',
      '<svg><p><style><img src=x onerror=alert(1)></style></p></svg>',
      '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    ]) {
      const out = sanitizeHtml(payload);
      expect(out).not.toMatch(/<img|onerror|<script|<style/i);
    }
  });

  it('drops comments and form controls', () => {
    expect(sanitizeHtml('a<!-- secret --><form><input value="x"><button>go</button></form>b')).toBe('ab');
  });
});

describe('looksLikeHtml', () => {
  it('tells markup from plain texts', () => {
    expect(looksLikeHtml('<p>hi</p>')).toBe(true);
    expect(looksLikeHtml('1 < 2 and 3 > 2')).toBe(false);
    expect(looksLikeHtml('Call me at 5pm')).toBe(false);
  });
});

describe('textToHtml', () => {
  it('escapes and keeps line breaks and paragraphs', () => {
    expect(textToHtml('a < b & "c"\nnext\n\nnew')).toBe('<p>a &lt; b &amp; &quot;c&quot;<br>next</p><p>new</p>');
  });
});
