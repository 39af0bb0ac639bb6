// A customer's page; the route module places it.
export { CustomerView } from './components/customer-view';
