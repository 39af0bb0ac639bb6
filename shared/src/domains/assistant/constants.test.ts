import { describe, expect, it } from 'vitest';
import { RESPONSE_CATEGORIES } from '../../codes';
import {
  CONVERSATION_ONLY_INTENTS, INTENT_CODES, INTENT_PRECEDENCE, REPORTED_INTENTS, isIntentCode, orderByPrecedence, primaryIntent,
} from './constants';

// The table of the assistant's data README, in its order.
const README_TABLE = [
  'STOP', 'WN', 'NLO', 'CC', 'DT', 'ASA', 'SPA-SS', 'SPA-AS', 'SPA-XX', 'LD', 'DD', 'EMP', 'CPAL', 'VI', 'REQ_LOANER',
  'REQ_PD', 'PRICE_CONCERN', 'SALES_INQ', 'CQ', 'CL', 'NIITB', 'POB', 'YES', 'NO', 'CUST-APPR', 'MISC',
];

describe('intent codes', () => {
  it('are the README table, in its order', () => {
    expect(INTENT_CODES).toEqual(README_TABLE);
  });

  it('are response categories of the reports, except DT, YES and NO', () => {
    for (const code of REPORTED_INTENTS) expect(Object.keys(RESPONSE_CATEGORIES)).toContain(code);
    for (const code of CONVERSATION_ONLY_INTENTS) expect(Object.keys(RESPONSE_CATEGORIES)).not.toContain(code);
    expect([...REPORTED_INTENTS, ...CONVERSATION_ONLY_INTENTS].sort()).toEqual([...INTENT_CODES].sort());
  });

  it('each appear once in the precedence', () => {
    expect([...INTENT_PRECEDENCE].sort()).toEqual([...INTENT_CODES].sort());
    expect(INTENT_PRECEDENCE.slice(0, 5)).toEqual(['STOP', 'WN', 'NLO', 'CC', 'DT']);
    expect(INTENT_PRECEDENCE.slice(-4)).toEqual(['YES', 'NO', 'CUST-APPR', 'MISC']);
  });

  it('recognises codes and nothing else', () => {
    expect(isIntentCode('SPA-SS')).toBe(true);
    expect(isIntentCode('spa-ss')).toBe(false);
    expect(isIntentCode('APPT_SET')).toBe(false);
  });
});

describe('primaryIntent', () => {
  it.each([
    [['YES', 'DT'], 'DT'],
    [['CUST-APPR', 'YES', 'DT'], 'DT'],
    [['NO', 'STOP'], 'STOP'],
    [['NLO', 'STOP'], 'STOP'],
    [['CC', 'DT'], 'CC'],
    [['VI', 'REQ_LOANER'], 'VI'],
    [['CUST-APPR', 'SPA-SS'], 'SPA-SS'],
    [['POB', 'YES'], 'POB'],
    [['MISC'], 'MISC'],
  ])('of %j is %s', (labels, expected) => {
    expect(primaryIntent(labels)).toBe(expected);
  });

  it('is null without labels and ignores unknown strings', () => {
    expect(primaryIntent([])).toBeNull();
    expect(primaryIntent(['nonsense'])).toBeNull();
    expect(primaryIntent(['nonsense', 'NO'])).toBe('NO');
  });
});

describe('orderByPrecedence', () => {
  it('sorts strongest first and drops repeats and unknown strings', () => {
    expect(orderByPrecedence(['CUST-APPR', 'YES', 'DT', 'YES', 'x', 'CQ'])).toEqual(['DT', 'CQ', 'YES', 'CUST-APPR']);
  });

  it('orders every code exactly as the precedence list', () => {
    expect(orderByPrecedence([...INTENT_CODES].reverse())).toEqual(INTENT_PRECEDENCE);
  });
});
