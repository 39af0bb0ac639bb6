import { LEAD_STAGE_REASONS, LEAD_STAGES, type LeadStage } from '../../codes';

export type LeadReason = (typeof LEAD_STAGE_REASONS)[LeadStage][number];

/** Every reason of any stage, once. */
export const LEAD_REASONS = [...new Set(LEAD_STAGES.flatMap((s) => LEAD_STAGE_REASONS[s] as readonly string[]))] as LeadReason[];

/** Readable stage names for screens. */
export const LEAD_STAGE_LABELS: Record<LeadStage, string> = {
  INITIATED: 'Initiated',
  RESPONDED: 'Responded',
  CONTACTED: 'Contacted',
  ENGAGED: 'Engaged',
  APPOINTMENT_SET: 'Appointment set',
  SHOW_OR_NO_SHOW: 'Show / no-show',
  CAR_BOUGHT_OR_NOTBOUGHT: 'Car bought / not bought',
};

/** A reason code as a person reads it: PRICE_HIGH -> "Price high". */
export function leadReasonLabel(reason: string): string {
  const words = reason.toLowerCase().split('_');
  return [words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1), ...words.slice(1)].join(' ');
}

/**
 * The allowed moves of the lead pipeline. The spec lists the stages and their reasons but not
 * the moves; these follow a lead's life at a dealership:
 * - forward to any later stage up to APPOINTMENT_SET (a customer may book in their first reply);
 * - SHOW_OR_NO_SHOW only from APPOINTMENT_SET (there must have been an appointment);
 * - CAR_BOUGHT_OR_NOTBOUGHT from any stage after INITIATED (the outcome closes the lead);
 * - back from APPOINTMENT_SET to ENGAGED (the appointment was cancelled) and from SHOW_OR_NO_SHOW to
 *   APPOINTMENT_SET (a no-show rebooked);
 * - CAR_BOUGHT_OR_NOTBOUGHT is final;
 * - staying in a stage is allowed (a new reason).
 */
export const LEAD_STAGE_TRANSITIONS: Record<LeadStage, readonly LeadStage[]> = {
  INITIATED: ['INITIATED', 'RESPONDED', 'CONTACTED', 'ENGAGED', 'APPOINTMENT_SET'],
  RESPONDED: ['RESPONDED', 'CONTACTED', 'ENGAGED', 'APPOINTMENT_SET', 'CAR_BOUGHT_OR_NOTBOUGHT'],
  CONTACTED: ['CONTACTED', 'ENGAGED', 'APPOINTMENT_SET', 'CAR_BOUGHT_OR_NOTBOUGHT'],
  ENGAGED: ['ENGAGED', 'APPOINTMENT_SET', 'CAR_BOUGHT_OR_NOTBOUGHT'],
  APPOINTMENT_SET: ['APPOINTMENT_SET', 'ENGAGED', 'SHOW_OR_NO_SHOW', 'CAR_BOUGHT_OR_NOTBOUGHT'],
  SHOW_OR_NO_SHOW: ['SHOW_OR_NO_SHOW', 'APPOINTMENT_SET', 'CAR_BOUGHT_OR_NOTBOUGHT'],
  CAR_BOUGHT_OR_NOTBOUGHT: [],
};

/** A lead with no stage yet (never started) may enter at any of these. */
export const ENTRY_STAGES: readonly LeadStage[] = ['INITIATED', 'RESPONDED', 'CONTACTED', 'ENGAGED', 'APPOINTMENT_SET'];

/** The stages a lead at `from` may move to. */
export function nextLeadStages(from: LeadStage | null): readonly LeadStage[] {
  return from === null ? ENTRY_STAGES : LEAD_STAGE_TRANSITIONS[from];
}

/** The reasons allowed at a stage (CONTACTED has none). */
export function reasonsFor(stage: LeadStage): readonly string[] {
  return LEAD_STAGE_REASONS[stage];
}

export type StageChangeRefusal = { field: 'stage' | 'reason'; message: string };

/**
 * Why a move of the pipeline is refused, or null when it is allowed. A stage with reasons needs
 * one of its own; a stage without reasons takes none.
 */
export function checkStageChange(from: LeadStage | null, to: LeadStage, reason: string | null): StageChangeRefusal | null {
  if (!nextLeadStages(from).includes(to)) {
    return { field: 'stage', message: from === null ? `A lead cannot start at ${to}` : `A lead cannot move from ${from} to ${to}` };
  }
  const allowed = reasonsFor(to);
  if (allowed.length === 0) return reason === null ? null : { field: 'reason', message: `${to} takes no reason` };
  if (reason === null) return { field: 'reason', message: `Choose a reason for ${to}` };
  if (!allowed.includes(reason)) return { field: 'reason', message: `${reason} is not a reason of ${to}` };
  return null;
}
