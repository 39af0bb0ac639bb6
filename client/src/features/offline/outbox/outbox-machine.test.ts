// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import {
  BACKOFF_MAX_MS,
  afterAttempt,
  backoffMs,
  classifyFailure,
  flushPlan,
  heldBehindRefusal,
  nextWake,
  type OutboxEntry,
} from './outbox-machine';

function entry(id: string, interactionId: number, createdAt: number, extra: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    clientMessageId: id,
    userId: 1,
    interactionId,
    body: { id: 1, jaguarFutureServiceInteractionId: interactionId, content: id, messageType: 'SMS', direction: 'SEND', notificationType: 'MESSAGE_TO_CUSTOMER', clientMessageId: id },
    text: id,
    createdAt,
    state: 'queued',
    attempts: 0,
    nextAttemptAt: createdAt,
    error: null,
    ...extra,
  };
}

const apiError = (status: number, body: unknown = null) => new ApiRequestError('http', status, body);

describe('classifyFailure', () => {
  it('retries what the network or the server failed, refuses what the server turned down', () => {
    expect(classifyFailure(new ApiRequestError('network', null, null))).toEqual({ kind: 'retry', error: null });
    expect(classifyFailure(new DOMException('The operation timed out', 'TimeoutError'))).toEqual({ kind: 'retry', error: null });
    expect(classifyFailure(apiError(503, { code: 'UNAVAILABLE', message: 'Down for maintenance', details: [] }))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(apiError(429))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(new ApiRequestError('invalid-response', 200, '<html>'))).toMatchObject({ kind: 'retry' });
    expect(classifyFailure(apiError(409, { code: 'CONFLICT', message: 'This customer has opted out of text messages', details: [] }))).toEqual({
      kind: 'refused',
      error: 'This customer has opted out of text messages',
    });
    // The first entry of an errors list is what the spec shows for a failed send.
    expect(classifyFailure(apiError(400, { errors: ['Please Enter Message'] }))).toEqual({ kind: 'refused', error: 'Please Enter Message' });
    expect(classifyFailure(apiError(401))).toEqual({ kind: 'unauthorized' });
  });
});

describe('backoffMs', () => {
  it('doubles from 2 s to at most 5 min, half of it random', () => {
    expect(backoffMs(1, () => 0)).toBe(1_000);
    expect(backoffMs(1, () => 1)).toBe(2_000);
    expect(backoffMs(2, () => 0)).toBe(2_000);
    expect(backoffMs(4, () => 1)).toBe(16_000);
    expect(backoffMs(30, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffMs(30, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});

describe('afterAttempt', () => {
  const e = entry('a', 1, 1_000, { state: 'sending', attempts: 2 });

  it('leaves the outbox once the server has the message', () => {
    expect(afterAttempt(e, { kind: 'accepted', message: {} as never, notice: 'Successfully Sent' }, 5_000)).toBeNull();
  });

  it('goes back in line with a jittered backoff after a passing failure', () => {
    expect(afterAttempt(e, { kind: 'retry', error: null }, 5_000, () => 0.5)).toEqual({
      ...e,
      state: 'queued',
      attempts: 3,
      nextAttemptAt: 5_000 + 6_000,
      error: null,
    });
    const serverDown = { kind: 'retry', error: 'Not sent yet (Bad gateway). Trying again shortly.' } as const;
    expect(afterAttempt(e, serverDown, 5_000, () => 0)).toMatchObject({ attempts: 3, nextAttemptAt: 5_000 + 4_000, error: serverDown.error });
  });

  it('stays refused with the reason, and waits for the next sign-in after a 401', () => {
    expect(afterAttempt(e, { kind: 'refused', error: 'Opted out' }, 5_000)).toEqual({ ...e, state: 'refused', error: 'Opted out' });
    expect(afterAttempt(e, { kind: 'unauthorized' }, 5_000)).toEqual({ ...e, state: 'queued', nextAttemptAt: 5_000 + BACKOFF_MAX_MS, error: null });
  });
});

describe('flushPlan', () => {
  it('sends the oldest first and a conversation in order', () => {
    const plan = flushPlan([entry('c', 2, 30), entry('a', 1, 10), entry('b', 1, 20)], 100, false);
    expect(plan.map((p) => p.clientMessageId)).toEqual(['a', 'b', 'c']);
  });

  it('holds a conversation behind a refused message or one waiting out its backoff; force skips only the backoff', () => {
    const entries = [
      entry('a1', 1, 10, { state: 'refused', error: 'Opted out' }),
      entry('a2', 1, 20),
      entry('b1', 2, 30, { nextAttemptAt: 500, attempts: 1 }),
      entry('b2', 2, 40),
      entry('c1', 3, 50),
    ];
    expect(flushPlan(entries, 100, false).map((p) => p.clientMessageId)).toEqual(['c1']);
    expect(flushPlan(entries, 100, true).map((p) => p.clientMessageId)).toEqual(['b1', 'b2', 'c1']);
    expect([...heldBehindRefusal(entries)]).toEqual(['a2']);
  });

  it('sends again what a closed tab left half-sent', () => {
    expect(flushPlan([entry('a', 1, 10, { state: 'sending' })], 100, false).map((p) => p.clientMessageId)).toEqual(['a']);
  });
});

describe('nextWake', () => {
  it('is the earliest retry of what is not refused', () => {
    expect(nextWake([])).toBeNull();
    expect(nextWake([entry('a', 1, 10, { state: 'refused', nextAttemptAt: 5 })])).toBeNull();
    expect(nextWake([entry('a', 1, 10, { nextAttemptAt: 900 }), entry('b', 2, 10, { nextAttemptAt: 700 })])).toBe(700);
  });
});
