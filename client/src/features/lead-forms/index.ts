// The public lead forms; the route module places the page.
export { LeadFormPage } from './components/lead-form-page';
