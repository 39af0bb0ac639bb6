import { describe, expect, it } from 'vitest';
import { DEFAULT_LEAD_MESSAGE, LEAD_FORM_PATHS } from './constants';
import { checkLeadForm, isLeadSubmissionHost, leadFormOfPath, leadMessage } from './rules';
import { leadSubmissionSchema } from './schemas';

describe('checkLeadForm', () => {
  it('requires both names and the phone, with the form’s messages', () => {
    expect(checkLeadForm({ firstName: ' ', lastName: '', phone: '' })).toEqual({
      ok: false,
      errors: { firstName: 'First name is required', lastName: 'Last name is required', phone: 'Phone is required' },
    });
  });
  it('refuses letters and anything but ten digits as Invalid Number', () => {
    for (const phone of ['718-555-CALL', '718555011', '17185550110', '+1 718 555 0110']) {
      expect(checkLeadForm({ firstName: 'A', lastName: 'B', phone })).toEqual({ ok: false, errors: { phone: 'Invalid Number' } });
    }
  });
  it('sends a valid number with +1', () => {
    expect(checkLeadForm({ firstName: ' Ann ', lastName: 'Lee', phone: '(718) 555-0110' })).toEqual({
      ok: true, firstName: 'Ann', lastName: 'Lee', customerPhoneNumber: '+17185550110',
    });
  });
});

describe('leadSubmissionSchema', () => {
  const base = { firstName: 'Ann', lastName: 'Lee', storePhoneNumber: '+17185550101' };
  it('takes the form’s +1 and ten digits, or ten digits', () => {
    expect(leadSubmissionSchema.parse({ ...base, customerPhoneNumber: '+17185550110' }).customerPhoneNumber).toBe('+17185550110');
    expect(leadSubmissionSchema.parse({ ...base, customerPhoneNumber: '718-555-0110' }).customerPhoneNumber).toBe('+17185550110');
  });
  it('refuses other country codes and short numbers behind +1', () => {
    for (const customerPhoneNumber of ['+447911123456', '+1718555011', '+1 (718) 555-01100']) {
      expect(leadSubmissionSchema.safeParse({ ...base, customerPhoneNumber }).success).toBe(false);
    }
  });
  it('sends the default message when none is given', () => {
    expect(leadSubmissionSchema.parse({ ...base, customerPhoneNumber: '7185550110' }).message).toBe(DEFAULT_LEAD_MESSAGE);
  });
});

describe('lead form addresses and messages', () => {
  it('knows the generic and brand form paths', () => {
    expect(leadFormOfPath('/lead-submission')).toBe('generic');
    expect(leadFormOfPath('/lead-submission-bmw/')).toBe('bmw');
    expect(leadFormOfPath('/lead-submission-ferrari')).toBeNull();
    expect(Object.values(LEAD_FORM_PATHS)).toHaveLength(7);
  });
  it('adds the customer’s name on brand forms only', () => {
    expect(leadMessage('generic', 'Ann', 'Lee')).toBe('I would like to schedule an appointment please.');
    expect(leadMessage('toyota', 'Ann', 'Lee')).toBe('I would like to schedule an appointment please. My name is Ann Lee.');
  });
  it('recognises the lead-submission sub-domain by its first label', () => {
    expect(isLeadSubmissionHost('lead-submission.drivebay.example')).toBe(true);
    expect(isLeadSubmissionHost('LEAD-SUBMISSION.localhost:8094')).toBe(true);
    expect(isLeadSubmissionHost('lead-submission')).toBe(false);
    expect(isLeadSubmissionHost('my-lead-submission.example')).toBe(false);
    expect(isLeadSubmissionHost('app.drivebay.example')).toBe(false);
  });
});
