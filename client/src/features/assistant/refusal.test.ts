// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client';
import { refusalReason } from './components/use-dt-dialogue';

const conflict = (message: string, details: { field: string; message: string }[]) => new ApiRequestError('http', 409, { code: 'CONFLICT', message, details });

describe('refusalReason', () => {
  it('asks to force with the server’s first field error', () => {
    const reason = 'The customer already has an appointment. Send the Date Time Dialogue anyway?';
    expect(refusalReason(conflict('Refused', [{ field: 'body.isForced', message: reason }]))).toBe(reason);
  });

  it('falls back to the server’s message when no field is named', () => {
    expect(refusalReason(conflict('The Date Time Dialogue already had its chance with this customer. Send it again?', []))).toMatch(/had its chance/);
  });

  it('does not ask to force other failures', () => {
    expect(refusalReason(new ApiRequestError('http', 400, { code: 'VALIDATION', message: 'Invalid request', details: [{ field: 'body.id', message: 'Required' }] }))).toBeNull();
    expect(refusalReason(new ApiRequestError('network', null, null))).toBeNull();
    expect(refusalReason(new Error('boom'))).toBeNull();
  });
});
