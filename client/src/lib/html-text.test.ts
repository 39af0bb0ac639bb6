// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { htmlToPlainText } from './html-text';

describe('htmlToPlainText', () => {
  it('keeps the words of an HTML email, one line', () => {
    expect(htmlToPlainText('<p>Hi Zoe,</p><p>Your car is <b>ready</b> &amp; washed.</p>')).toBe(
      'Hi Zoe, Your car is ready & washed.',
    );
    expect(htmlToPlainText('Line one<br>line two')).toBe('Line one line two');
  });

  it('leaves plain text alone', () => {
    expect(htmlToPlainText('Is 3 < 5? Yes & no')).toBe('Is 3 < 5? Yes & no');
  });

  it('never runs what the message carries', () => {
    expect(htmlToPlainText('<img src=x onerror="window.hacked=1">Hello<script>window.hacked=1</script>')).toBe('Hello');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});
