import { describe, expect, it } from 'vitest';
import { matchesSearch, type SearchRow, truncateText } from './truncate';

describe('truncateText', () => {
  it.each([
    ['', ''],
    ['short', 'short'],
    ['exactly 15 char', 'exactly 15 char'],
    ['sixteen chars!!!', 'sixteen chars!!...'],
    ['A much longer message text', 'A much longer m...'],
  ])('%j -> %j', (text, expected) => {
    expect(truncateText(text)).toBe(expected);
  });

  it('gives nothing for no text', () => {
    expect(truncateText(null)).toBe('');
    expect(truncateText(undefined)).toBe('');
  });

  it('honours another length', () => {
    expect(truncateText('abcdef', 3)).toBe('abc...');
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abc', 0)).toBe('...');
  });

  it('never cuts an emoji in half', () => {
    expect(truncateText(`${'a'.repeat(14)}😀😀`)).toBe(`${'a'.repeat(14)}😀...`);
    expect(truncateText('😀'.repeat(15))).toBe('😀'.repeat(15));
  });
});

const row: SearchRow = {
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'Maria.Lopez@Example.com',
  cellular: '+12125550101',
  custno: 'C-10042',
  customerType: 'SERVICE',
  conversationInitiated: true,
};

describe('matchesSearch', () => {
  it('passes everything with an empty filter', () => {
    expect(matchesSearch(row, {})).toBe(true);
    expect(matchesSearch(row, { text: '   ', customerType: 'all', conversationInitiated: 'all' })).toBe(true);
    expect(matchesSearch(row, { text: null, customerType: null, conversationInitiated: null })).toBe(true);
  });

  it.each([['maria'], ['LOPEZ'], ['ria lo'], ['maria lopez'], ['example.com'], ['555010'], ['+1212'], ['c-100'], ['  Lopez  ']])(
    'finds the row by %j',
    (text) => {
      expect(matchesSearch(row, { text })).toBe(true);
    },
  );

  it.each([['(212) 555-0101'], ['212.555.0101'], ['555-0101']])('finds the cellular written as %j', (text) => {
    expect(matchesSearch(row, { text })).toBe(true);
  });

  it.each([['john'], ['lopez maria'], ['(212) 555-9999'], ['toyota']])('does not find the row by %j', (text) => {
    expect(matchesSearch(row, { text })).toBe(false);
  });

  it('copes with missing fields', () => {
    const bare: SearchRow = { firstName: null, lastName: null, email: null, cellular: null, custno: null };
    expect(matchesSearch(bare, { text: 'x' })).toBe(false);
    expect(matchesSearch(bare, { text: '555' })).toBe(false);
    expect(matchesSearch(bare, {})).toBe(true);
  });

  it('filters by customer type exactly', () => {
    expect(matchesSearch(row, { customerType: 'SERVICE' })).toBe(true);
    expect(matchesSearch(row, { customerType: 'SALES' })).toBe(false);
    expect(matchesSearch({ ...row, customerType: undefined }, { customerType: 'SERVICE' })).toBe(false);
  });

  it('filters by conversation initiated, a missing value counting as not initiated', () => {
    expect(matchesSearch(row, { conversationInitiated: true })).toBe(true);
    expect(matchesSearch(row, { conversationInitiated: false })).toBe(false);
    expect(matchesSearch({ ...row, conversationInitiated: null }, { conversationInitiated: false })).toBe(true);
    expect(matchesSearch({ ...row, conversationInitiated: undefined }, { conversationInitiated: true })).toBe(false);
  });

  it('requires every given filter to pass', () => {
    expect(matchesSearch(row, { text: 'maria', customerType: 'SERVICE', conversationInitiated: true })).toBe(true);
    expect(matchesSearch(row, { text: 'maria', customerType: 'SERVICE', conversationInitiated: false })).toBe(false);
    expect(matchesSearch(row, { text: 'john', customerType: 'all', conversationInitiated: 'all' })).toBe(false);
  });
});
