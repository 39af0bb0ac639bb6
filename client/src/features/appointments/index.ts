// The store's appointments screen; the route module places it.
export { StoreAppointments } from './components/store-appointments';
