// The Lead Manager's list of a store; the route module places it.
export { LeadList } from './components/lead-list';
