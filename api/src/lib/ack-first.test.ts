import { describe, expect, it } from 'vitest';
import { createAckGate } from './ack-first';

describe('the acknowledgements-first gate', () => {
  it('lets follow-up work through at once when nothing is in flight', async () => {
    const gate = createAckGate();
    let passed = false;
    await gate.quiet(10_000).then(() => (passed = true));
    expect(passed).toBe(true);
  });

  it('holds follow-up work until the last acknowledgement is answered', async () => {
    const gate = createAckGate();
    const a = gate.begin();
    const b = gate.begin();
    let passed = false;
    const waiting = gate.quiet(10_000).then(() => (passed = true));
    a();
    a(); // answering twice counts once
    await new Promise((r) => setTimeout(r, 20));
    expect(passed).toBe(false);
    expect(gate.inFlight).toBe(1);
    b();
    await waiting;
    expect(passed).toBe(true);
    expect(gate.inFlight).toBe(0);
  });

  it('never holds it longer than the most it may wait', async () => {
    const gate = createAckGate();
    gate.begin();
    const started = Date.now();
    await gate.quiet(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(gate.inFlight).toBe(1);
  });
});
