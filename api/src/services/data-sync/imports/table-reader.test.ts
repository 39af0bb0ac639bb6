import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openTable, sniffDelimiter } from './table-reader';

async function rowsOf(name: string, text: string) {
  const table = await openTable(name, Readable.from([Buffer.from(text)]));
  const rows = [];
  for await (const row of table.rows) rows.push(row);
  return rows;
}

describe('sniffDelimiter', () => {
  it('takes the separator the first line holds most of, outside quotes', () => {
    expect(sniffDelimiter('VIN,Code,Date\n1;2;3;4')).toBe(',');
    expect(sniffDelimiter('VIN;Code;Date\r\n')).toBe(';');
    expect(sniffDelimiter('VIN\tCode\tDate')).toBe('\t');
    expect(sniffDelimiter('"Name; first, last";Code;Date')).toBe(';');
    expect(sniffDelimiter('VIN')).toBe(',');
  });
});

describe('openTable (CSV)', () => {
  it('reads semicolon and tab files, keeping the other separators inside fields', async () => {
    expect((await rowsOf('a.csv', 'VIN;Code\nJT1;Brake, rear\n')).map((r) => r.cells)).toEqual([['VIN', 'Code'], ['JT1', 'Brake, rear']]);
    expect((await rowsOf('a.txt', 'VIN\tCode\nJT1\tA;B\n')).map((r) => r.cells)).toEqual([['VIN', 'Code'], ['JT1', 'A;B']]);
  });

  it('numbers rows as a spreadsheet program does, a quoted line break inside one row', async () => {
    const rows = await rowsOf('a.csv', '\uFEFFVIN,Note\nJT1,"two\nlines"\nJT2,x\n');
    expect(rows.map((r) => [r.rowNumber, r.cells[0]])).toEqual([[1, 'VIN'], [3, 'JT1'], [4, 'JT2']]);
  });

  it('names the line of the first broken character', async () => {
    const bytes = Buffer.concat([Buffer.from('VIN,Code\nJT1,A\nJT2,'), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]);
    const table = await openTable('a.csv', Readable.from([bytes]));
    await expect((async () => {
      for await (const _ of table.rows) void _;
    })()).rejects.toThrow(/line 3/);
  });
});
