import { z } from 'zod';

/**
 * Starting a conversation (GET /api/service-workflow/initiate): the refusals the screen turns into
 * the forced-conversation warning (spec §8: error code 400 whose text contains one of these), and
 * the success toast.
 */
export const INITIATE_TEXT = {
  otherInitiated: 'An other interaction has been already initiated for this customer',
  alreadyContacted: 'The customer has already been contacted',
  initiated: 'Successfully Initiated!',
} as const;

/** A customer texted or e-mailed by the store within this many days counts as already contacted. */
export const CONTACTED_WITHIN_DAYS = 7;

/** Whether an error text is one the forced-conversation warning answers (a forced start overrides it). */
export function isForcibleRefusal(message: string): boolean {
  return message.includes(INITIATE_TEXT.otherInitiated) || message.includes(INITIATE_TEXT.alreadyContacted);
}

/**
 * What came of starting an interaction: its first text queued for the outbox (which still checks
 * opt-out and quiet hours when it sends), or why nothing was written.
 */
export const INITIATE_OUTCOMES = ['QUEUED', 'OPTED_OUT', 'NO_MOBILE', 'NO_SENDER', 'NO_TEXT', 'ALREADY_INITIATED'] as const;
export type InitiateOutcome = (typeof INITIATE_OUTCOMES)[number];

export const INITIATE_OUTCOME_LABELS: Record<InitiateOutcome, string> = {
  QUEUED: 'First text queued',
  OPTED_OUT: 'Customer opted out of texts',
  NO_MOBILE: 'No mobile number',
  NO_SENDER: 'The store has no texting number for this division',
  NO_TEXT: 'No first-text template',
  ALREADY_INITIATED: 'Already started',
};

export const initiateResultSchema = z.object({
  interactionId: z.number().int(),
  messageId: z.number().int().nullable(),
  outcome: z.enum(INITIATE_OUTCOMES),
});
export type InitiateResult = z.infer<typeof initiateResultSchema>;
