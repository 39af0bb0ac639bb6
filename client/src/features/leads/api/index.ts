// The leads feature's calls; the rest of the feature imports them from here.
export { getLeads } from './get-leads';
