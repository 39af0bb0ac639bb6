import { describe, expect, it } from 'vitest';
import { chooseAutomated } from './automated-choice';

const full = { timezone: 'America/New_York', brands: ['Toyota'], storeIds: [1], interactionType: 'OIL_CHANGE' as const, customerTypes: ['INDIVIDUAL'] };

describe('the automated lead-manager cascade (operations §4)', () => {
  it('a new time zone resets brands, stores, interaction and customer types', () => {
    expect(chooseAutomated(full, { timezone: 'America/Chicago' })).toEqual({ timezone: 'America/Chicago', brands: [], storeIds: [], interactionType: '', customerTypes: [] });
  });
  it('new brands reset stores, interaction and customer types', () => {
    expect(chooseAutomated(full, { brands: ['Lexus'] })).toEqual({ ...full, brands: ['Lexus'], storeIds: [], interactionType: '', customerTypes: [] });
  });
  it('new stores reset interaction and customer types', () => {
    expect(chooseAutomated(full, { storeIds: [2] })).toEqual({ ...full, storeIds: [2], interactionType: '', customerTypes: [] });
  });
  it('a new interaction resets customer types', () => {
    expect(chooseAutomated(full, { interactionType: 'CHECK_UP' })).toEqual({ ...full, interactionType: 'CHECK_UP', customerTypes: [] });
  });
  it('customer types reset nothing', () => {
    expect(chooseAutomated(full, { customerTypes: ['FLEET'] })).toEqual({ ...full, customerTypes: ['FLEET'] });
  });
});
