import { describe, expect, it } from 'vitest';
import { HTML_TEXT_LINE_WIDTH, htmlToSmsText, isBlankHtml } from './html-text';

describe('htmlToSmsText', () => {
  it('turns paragraphs and line breaks into single spaces', () => {
    expect(htmlToSmsText('<p>Hello <b>John</b>,</p><p>Your car is ready.</p>')).toBe('Hello John, Your car is ready.');
    expect(htmlToSmsText('Line1<br>Line2<br/>Line3')).toBe('Line1 Line2 Line3');
    expect(htmlToSmsText('plain\ntext\r\n\t here')).toBe('plain text here');
  });

  it('unescapes entities, named and numeric', () => {
    expect(htmlToSmsText('Tom &amp; Jerry &lt;3 &#39;q&#39; &quot;x&quot; &eacute; &#128512;')).toBe('Tom & Jerry <3 \'q\' "x" é 😀');
    expect(htmlToSmsText('&lt;p&gt;escaped&lt;/p&gt;')).toBe('<p>escaped</p>');
  });

  it('makes non-breaking spaces ordinary spaces, which keeps the text in GSM-7', () => {
    expect(htmlToSmsText('a&nbsp;&nbsp;b')).toBe('a b');
    expect(htmlToSmsText('a\u00a0b')).toBe('a b');
  });

  it('leaves plain text with angle brackets alone', () => {
    expect(htmlToSmsText('a < b and c > d')).toBe('a < b and c > d');
  });

  it('never breaks a long word, whatever the line width', () => {
    const long = `${'x'.repeat(HTML_TEXT_LINE_WIDTH + 10)} ${'y'.repeat(10)}`;
    expect(htmlToSmsText(long)).toBe(long);
    expect(HTML_TEXT_LINE_WIDTH).toBe(130);
  });

  it('keeps a link address unless it is the link text', () => {
    expect(htmlToSmsText('<a href="https://x.example/a">Book now</a>')).toBe('Book now [https://x.example/a]');
    expect(htmlToSmsText('<a href="https://x.example/a">https://x.example/a</a>')).toBe('https://x.example/a');
  });

  it('keeps headings as typed, lists readable and table cells apart', () => {
    expect(htmlToSmsText('<h1>Hi there</h1><ul><li>one</li><li>two</li></ul>')).toBe('Hi there * one * two');
    expect(htmlToSmsText('<table><tr><th>Part</th><th>Price</th></tr><tr><td>Filter</td><td>$9</td></tr></table>')).toBe('Part Price Filter $9');
  });

  it('drops images, scripts and styles', () => {
    expect(htmlToSmsText('<img src="data:image/png;base64,AAAA" alt="pic">ok')).toBe('ok');
    expect(htmlToSmsText('<script>alert(1)</script>ok<style>p{color:red}</style>')).toBe('ok');
  });

  it('gives an empty string for empty input', () => {
    expect(htmlToSmsText('')).toBe('');
  });
});

describe('isBlankHtml', () => {
  it.each([[''], ['   '], ['<p><br></p>'], ['<p></p><p> </p>'], ['<div>&nbsp;</div>'], ['<img src="x.png">']])('%j is blank', (html) => {
    expect(isBlankHtml(html)).toBe(true);
  });

  it.each([['<p>ok</p>'], ['0'], ['&amp;']])('%j is not blank', (html) => {
    expect(isBlankHtml(html)).toBe(false);
  });
});
