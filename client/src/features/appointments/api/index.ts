// The appointments feature's calls; the rest of the feature imports them from here.
export {
  bookAppointment,
  cancelBooking,
  getAdvisors,
  getAppointments,
  getAvailability,
  getBookedAppointments,
  getServices,
  markNoShow,
  rescheduleAppointment,
  searchConversations,
  updateAppointmentStatus,
} from './appointment-calls';
