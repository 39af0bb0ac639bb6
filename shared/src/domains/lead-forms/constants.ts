/**
 * The public lead forms: their addresses, the texts they show and the limits the server keeps.
 * Every text the specification quotes is kept verbatim.
 */
import { INVALID_NUMBER_MESSAGE } from '../conversations/rules/phone';

/** Brands with their own form at /lead-submission-{brand}. */
export const LEAD_FORM_BRANDS = ['toyota', 'nissan', 'subaru', 'mazda', 'bmw', 'chevrolet'] as const;
export type LeadFormBrand = (typeof LEAD_FORM_BRANDS)[number];

/** The generic form (no brand) and the brand forms. */
export const LEAD_FORMS = ['generic', ...LEAD_FORM_BRANDS] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

/** Display names of the brands, as their logos spell them. */
export const LEAD_FORM_BRAND_NAMES: Record<LeadFormBrand, string> = {
  toyota: 'Toyota',
  nissan: 'Nissan',
  subaru: 'Subaru',
  mazda: 'Mazda',
  bmw: 'BMW',
  chevrolet: 'Chevrolet',
};

/** The page address of each form. */
export const LEAD_FORM_PATHS: Record<LeadForm, string> = {
  generic: '/lead-submission',
  toyota: '/lead-submission-toyota',
  nissan: '/lead-submission-nissan',
  subaru: '/lead-submission-subaru',
  mazda: '/lead-submission-mazda',
  bmw: '/lead-submission-bmw',
  chevrolet: '/lead-submission-chevrolet',
};

/** The message every form sends (spec §9); brand forms add the customer's name. */
export const DEFAULT_LEAD_MESSAGE = 'I would like to schedule an appointment please.';

export const LEAD_FORM_TEXT = {
  title: 'BOOK APPOINTMENT VIA TEXT',
  intro:
    'Hi! I am the service reservation assistant. Leave your name and mobile number and I will text you right away to find a time for your service visit.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone is required',
  invalidNumber: INVALID_NUMBER_MESSAGE,
  genericSuccess: 'Thank you for filling out the form! We will text you shortly to book your appointment.',
  brandSuccess:
    'Your request has been submitted to our reservation team. They will reply to you by SMS within minutes.',
  failed: 'Lead Failed to Submit',
  optedOut:
    'This number has opted out of our text messages, so we will not text you. Our team has your request; text START to the store to receive texts again.',
  unknownStore: 'This form is not connected to a store that books by text.',
  formsOff: 'This dealership is not taking requests through this form at the moment.',
} as const;

/**
 * The consent the customer gives by submitting, shown under the form and stored with the lead
 * exactly as shown. A change of wording gets a new version, so each stored lead names the text
 * its customer agreed to.
 */
export const LEAD_CONSENT_VERSION = '2025-01-v1';
export const LEAD_CONSENT_TEXT =
  'By clicking Submit, you agree to receive text messages from the dealership about your service appointment at the number provided. Consent is not a condition of purchase. Message frequency varies. Message and data rates may apply. Reply STOP to opt out at any time, or HELP for help.';

/** A second submit of the same number to the same store within this time returns the first result. */
export const LEAD_DUPLICATE_WINDOW_SECONDS = 120;

/**
 * Abuse limits of the public form, counted in the database so every API process sees them: per
 * mobile number (across stores) and per client address (a showroom kiosk shares one address, so
 * it gets more room).
 */
export const LEAD_LIMITS = {
  perPhone: { max: 3, windowMinutes: 60 },
  perAddress: { max: 20, windowMinutes: 60 },
} as const;
