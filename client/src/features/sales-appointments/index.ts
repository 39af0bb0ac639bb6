// The sales appointment form; the route module places it.
export { SalesAppointmentForm } from './components/sales-appointment-form';
export { SalesAppointmentList } from './components/sales-appointment-list';
