import { describe, expect, it } from 'vitest';
import { LEAD_STAGE_REASONS, LEAD_STAGES } from '../../codes';
import { checkStageChange, LEAD_STAGE_TRANSITIONS, leadReasonLabel, nextLeadStages, reasonsFor } from './pipeline';
import { leadStageChangeSchema } from './schemas';

describe('the lead pipeline', () => {
  it('has the spec’s stages and reasons, RESPONDED alone with INVALID_CONTACT_INFO', () => {
    expect(LEAD_STAGES).toEqual(['INITIATED', 'RESPONDED', 'CONTACTED', 'ENGAGED', 'APPOINTMENT_SET', 'SHOW_OR_NO_SHOW', 'CAR_BOUGHT_OR_NOTBOUGHT']);
    expect(reasonsFor('RESPONDED')).toContain('INVALID_CONTACT_INFO');
    expect(reasonsFor('ENGAGED')).not.toContain('INVALID_CONTACT_INFO');
    expect(reasonsFor('SHOW_OR_NO_SHOW')).toEqual(['NO_SHOW', 'SHOW']);
    expect(Object.keys(LEAD_STAGE_TRANSITIONS)).toEqual(LEAD_STAGES);
  });

  it.each([
    [null, 'INITIATED', 'INTERESTED_IN_DISCUSSING'],
    ['INITIATED', 'RESPONDED', 'NEED_MORE_TIME'],
    ['INITIATED', 'APPOINTMENT_SET', 'APPOINTMENT_SET'],
    ['RESPONDED', 'CONTACTED', null],
    ['RESPONDED', 'RESPONDED', 'INVALID_CONTACT_INFO'],
    ['ENGAGED', 'CAR_BOUGHT_OR_NOTBOUGHT', 'DEAL_LOST'],
    ['APPOINTMENT_SET', 'SHOW_OR_NO_SHOW', 'NO_SHOW'],
    ['APPOINTMENT_SET', 'ENGAGED', 'NEED_MORE_TIME'],
    ['SHOW_OR_NO_SHOW', 'APPOINTMENT_SET', 'APPOINTMENT_SET'],
  ] as const)('allows %s -> %s (%s)', (from, to, reason) => {
    expect(checkStageChange(from, to, reason)).toBeNull();
  });

  it.each([
    [null, 'SHOW_OR_NO_SHOW', 'SHOW', 'stage'],
    ['INITIATED', 'SHOW_OR_NO_SHOW', 'SHOW', 'stage'],
    ['INITIATED', 'CAR_BOUGHT_OR_NOTBOUGHT', 'CAR_BOUGHT', 'stage'],
    ['ENGAGED', 'RESPONDED', 'PRICE_HIGH', 'stage'],
    ['CAR_BOUGHT_OR_NOTBOUGHT', 'ENGAGED', 'PRICE_HIGH', 'stage'],
    ['CAR_BOUGHT_OR_NOTBOUGHT', 'CAR_BOUGHT_OR_NOTBOUGHT', 'CAR_BOUGHT', 'stage'],
    ['RESPONDED', 'ENGAGED', 'INVALID_CONTACT_INFO', 'reason'],
    ['RESPONDED', 'ENGAGED', null, 'reason'],
    ['RESPONDED', 'CONTACTED', 'PRICE_HIGH', 'reason'],
    ['APPOINTMENT_SET', 'SHOW_OR_NO_SHOW', 'APPOINTMENT_SET', 'reason'],
  ] as const)('refuses %s -> %s (%s) on its %s', (from, to, reason, field) => {
    expect(checkStageChange(from, to, reason)?.field).toBe(field);
  });

  it('every later stage reachable from an earlier one, INITIATED only as an entry, and the outcome final', () => {
    for (const s of LEAD_STAGES.slice(1)) expect(LEAD_STAGES.some((f) => f !== s && nextLeadStages(f).includes(s))).toBe(true);
    expect(nextLeadStages(null)).toContain('INITIATED');
    expect(nextLeadStages('CAR_BOUGHT_OR_NOTBOUGHT')).toEqual([]);
  });

  it('every reason of every stage passes the wire schema', () => {
    for (const s of LEAD_STAGES) {
      for (const r of LEAD_STAGE_REASONS[s]) {
        expect(leadStageChangeSchema.safeParse({ 'future-service-interaction-id': 1, stage: s, reason: r }).success).toBe(true);
      }
    }
    expect(leadStageChangeSchema.safeParse({ 'future-service-interaction-id': 1, stage: 'ENGAGED', reason: 'NOPE' }).success).toBe(false);
  });

  it('reads reasons as words', () => {
    expect(leadReasonLabel('TRADE_IN_VALUE_LOW')).toBe('Trade in value low');
  });
});
