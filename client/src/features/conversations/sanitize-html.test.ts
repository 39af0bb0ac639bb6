// @vitest-environment happy-dom
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
