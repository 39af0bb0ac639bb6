/**
 * Texts for the carrier error codes the thread is most likely to show, for callbacks that carry a
 * code without a message (Twilio's status callbacks usually do). From Twilio's error dictionary.
 */
const TWILIO_ERRORS: Record<string, string> = {
  '21211': 'Invalid To phone number',
  '21408': 'Permission to send an SMS has not been enabled for the region',
  '21610': 'Attempt to send to an unsubscribed recipient',
  '21614': 'To number is not a valid mobile number',
  '30001': 'Queue overflow',
  '30002': 'Account suspended',
  '30003': 'Unreachable destination handset',
  '30004': 'Message blocked',
  '30005': 'Unknown destination handset',
  '30006': 'Landline or unreachable carrier',
  '30007': 'Message filtered by the carrier',
  '30008': 'Unknown error',
  '30034': 'Message from an unregistered number',
};

/** The text stored in a message's errors: "<message> (<code>)", as the thread shows it. */
export function carrierErrorText(code: string | number | null | undefined, message?: string | null): string | null {
  const c = code == null || code === '' ? null : String(code);
  const text = message?.trim() || (c ? TWILIO_ERRORS[c] : undefined) || (c ? 'Carrier error' : null);
  if (!text) return null;
  return c ? `${text} (${c})` : text;
}
