import { validateLeadPhone } from '../conversations/rules/phone';
import {
  DEFAULT_LEAD_MESSAGE,
  LEAD_FORM_BRANDS,
  LEAD_FORM_PATHS,
  LEAD_FORM_TEXT,
  LEAD_FORMS,
  type LeadForm,
} from './constants';

/** What the lead form's three fields hold as typed. */
export type LeadFormValues = { firstName: string; lastName: string; phone: string };
export type LeadFormField = keyof LeadFormValues;

export type LeadFormCheck =
  | { ok: true; firstName: string; lastName: string; customerPhoneNumber: string }
  | { ok: false; errors: Partial<Record<LeadFormField, string>> };

/**
 * The lead form's rules (spec §5): both names and the phone are required; the phone must come down
 * to exactly ten digits and hold no letter ('Invalid Number'). A valid number is sent with +1.
 */
export function checkLeadForm(values: LeadFormValues): LeadFormCheck {
  const errors: Partial<Record<LeadFormField, string>> = {};
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  if (!firstName) errors.firstName = LEAD_FORM_TEXT.firstNameRequired;
  if (!lastName) errors.lastName = LEAD_FORM_TEXT.lastNameRequired;
  let phone: string | null = null;
  if (!values.phone.trim()) errors.phone = LEAD_FORM_TEXT.phoneRequired;
  else {
    const checked = validateLeadPhone(values.phone);
    if (checked.ok) phone = checked.e164;
    else errors.phone = checked.message;
  }
  if (Object.keys(errors).length > 0 || phone === null) return { ok: false, errors };
  return { ok: true, firstName, lastName, customerPhoneNumber: phone };
}

/**
 * The message a form sends. The generic form sends the default text; brand forms add the
 * customer's name, because the store's assistant reads it like a first text from an unknown number.
 */
export function leadMessage(form: LeadForm, firstName: string, lastName: string): string {
  if (form === 'generic') return DEFAULT_LEAD_MESSAGE;
  const name = `${firstName.trim()} ${lastName.trim()}`.trim();
  return name ? `${DEFAULT_LEAD_MESSAGE} My name is ${name}.` : DEFAULT_LEAD_MESSAGE;
}

/** The form a page address shows, or null when it is not a lead-form address. */
export function leadFormOfPath(pathname: string): LeadForm | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return LEAD_FORMS.find((f) => LEAD_FORM_PATHS[f] === path) ?? null;
}

export function isLeadFormBrand(value: string): value is (typeof LEAD_FORM_BRANDS)[number] {
  return (LEAD_FORM_BRANDS as readonly string[]).includes(value);
}

/** The sub-domain whose root path shows the generic form, e.g. lead-submission.example.com. */
export const LEAD_SUBMISSION_SUBDOMAIN = 'lead-submission';

/**
 * Whether a host name is the lead-submission sub-domain: its first label is `lead-submission`
 * (any port is ignored). `lead-submission.drivebay.example` and `lead-submission.localhost` are;
 * `drivebay.example/lead-submission` and `my-lead-submission.example` are not.
 */
export function isLeadSubmissionHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d+$/, '');
  return name.split('.')[0] === LEAD_SUBMISSION_SUBDOMAIN && name.includes('.');
}

/** The phone with the +1 the form shows beside the field: "+1 (718)-555-0110". */
export function plusOnePhone(display: string): string {
  return display ? `+1 ${display}` : '';
}
