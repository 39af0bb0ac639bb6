import { z } from 'zod';
import { validateLeadPhone } from '../conversations/rules/phone';
import { DEFAULT_LEAD_MESSAGE, LEAD_FORM_TEXT, LEAD_FORMS } from './constants';

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

/**
 * The body of `POST /api/lisa/appointment` (spec §3 "Lead submission"), plus the consent the
 * customer saw. The customer's number arrives as the form sends it (+1 and ten digits); the same
 * rule as the form's decides, so the messages match.
 */
export const leadSubmissionSchema = z.object({
  firstName: required(LEAD_FORM_TEXT.firstNameRequired, 80),
  lastName: required(LEAD_FORM_TEXT.lastNameRequired, 80),
  customerPhoneNumber: z
    .string({ error: LEAD_FORM_TEXT.phoneRequired })
    .trim()
    .min(1, LEAD_FORM_TEXT.phoneRequired)
    .max(32)
    .transform((value, ctx) => {
      // The form sends "+1" and the ten digits it checked; the prefix is not part of the ten, and
      // no other country code is taken.
      const local = value.startsWith('+') ? (value.startsWith('+1') ? value.slice(2) : 'x') : value;
      const checked = validateLeadPhone(local);
      if (checked.ok) return checked.e164;
      ctx.addIssue({ code: 'custom', message: checked.message });
      return z.NEVER;
    }),
  storePhoneNumber: z.string({ error: 'The store number is required' }).trim().min(1, 'The store number is required').max(32),
  message: z.string().trim().max(1000).default(DEFAULT_LEAD_MESSAGE).transform((m) => m || DEFAULT_LEAD_MESSAGE),
  consentText: z.string().trim().max(2000).optional(),
  consentVersion: z.string().trim().max(40).optional(),
});
export type LeadSubmission = z.input<typeof leadSubmissionSchema>;
export type ParsedLeadSubmission = z.output<typeof leadSubmissionSchema>;

/**
 * What the submission returns. `status` is the spec's success or failed; `texted` says whether the
 * customer is being texted (false when the number opted out: the lead is kept all the same);
 * `duplicate` marks the answer to a repeated submit, which is the first submit's result.
 */
export const leadSubmissionResultSchema = z.object({
  status: z.enum(['success', 'failed']),
  message: z.string(),
  submissionId: z.number().int().nullable(),
  texted: z.boolean(),
  duplicate: z.boolean(),
  reason: z.string().nullable(),
});
export type LeadSubmissionResult = z.infer<typeof leadSubmissionResultSchema>;

/** `GET /api/lead-forms/{form}`: what a form needs before its customer submits. */
export const leadFormConfigSchema = z.object({
  form: z.enum(LEAD_FORMS),
  brandName: z.string().nullable(),
  /** The store's name, when the form's number belongs to a store that texts. */
  storeName: z.string().nullable(),
  storePhoneNumber: z.string().nullable(),
  /** The dealer group the store belongs to, and the address of its logo when it has one. */
  dealerName: z.string().nullable(),
  dealerLogoUrl: z.string().nullable(),
  defaultMessage: z.string(),
  consentText: z.string(),
  consentVersion: z.string(),
});
export type LeadFormConfig = z.infer<typeof leadFormConfigSchema>;
