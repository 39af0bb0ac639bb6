/**
 * How the simulated carrier treats a destination number (see docs/carrier-simulator.md). The
 * rule lives on the last four digits so any area code can be used to try each outcome.
 */
export type SimulatedOutcome =
  | { final: 'delivered'; viaSent: true }
  | { final: 'failed'; viaSent: false; errorCode: 30007 }
  | { final: 'undelivered'; viaSent: true; errorCode: 30003 };

export function simulatedOutcome(to: string): SimulatedOutcome {
  const digits = to.replace(/\D/g, '');
  // 30007: the carrier filtered the message; it never left, so there is no "sent" before it.
  if (digits.endsWith('0666')) return { final: 'failed', viaSent: false, errorCode: 30007 };
  // 30003: it left, but the handset could not be reached.
  if (digits.endsWith('0999')) return { final: 'undelivered', viaSent: true, errorCode: 30003 };
  return { final: 'delivered', viaSent: true };
}

/** Delays between the simulated carrier's reports, in milliseconds after the message was taken. */
export const SIMULATED_DELAYS = { sentAfterMs: 150, finalAfterMs: 400 } as const;
