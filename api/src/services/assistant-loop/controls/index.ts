// The staff controls around the assistant loop, one file per control.
export { applyActionIntent } from './action-intent';
export type { ControlResult } from './common';
export { disableDtDialog } from './disable-dt-dialog';
export { gmHandoff } from './gm-handoff';
export { applyInboundAppointment } from './inbound-appointment';
export { intentDetails } from './intent-details';
export { setLogMode } from './log-mode';
export { manualHandoff } from './manual-handoff';
export { postTrack } from './post-track';
export { setResponseInsight } from './response-insight';
export { resumeDtDialog } from './resume-dt-dialog';
