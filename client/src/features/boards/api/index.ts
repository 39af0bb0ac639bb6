// The boards feature's calls; the rest of the feature imports them from here.
export { getAdvisorsByStore, getAppointmentsOfDay, getClosedOrders, getSwimlaneStores } from './get-swimlane-data';
