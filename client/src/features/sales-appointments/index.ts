// The sales appointment form; the route module places it.
export { SalesAppointmentForm } from './components/sales-appointment-form';
