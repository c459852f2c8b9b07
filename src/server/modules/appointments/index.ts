// The appointments module's face: booking routes, AppointmentService and its reads (readAppointment, openAppointments…),
// and the appointment's life cycle (AppointmentLifecycle) with the listener interface the modules that react to an
// appointment's changes implement.

export type { AppointmentListener, Payment } from './appointment-lifecycle.ts';
export { AppointmentLifecycle } from './appointment-lifecycle.ts';
export {
  allAppointmentsOf,
  appointmentsById,
  completedUnpaidAppointments,
  customerAppointment,
  openAppointments,
  openAppointmentsOf,
  readAppointment,
} from './appointment-reads.ts';
export { appointmentRoutes } from './appointment-routes.ts';
export { AppointmentService } from './appointment-service.ts';
