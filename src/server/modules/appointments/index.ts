// The appointments module's face: booking routes, AppointmentService and its reads (readAppointment, openAppointments…),
// and the appointment's life cycle (AppointmentLifecycle) with the listener interface the modules that react to an
// appointment's changes implement; the slots held for one customer (SlotHolds, answered by the waitlist) and a day's
// free slots (freeStartsOn); and the estimates the customer approves (EstimateService, its routes and page).

export type { TaxDefaults } from './appointment-bill.ts';
export type { AppointmentListener, Payment, TaxPlaces } from './appointment-lifecycle.ts';
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
export { estimateRoutes } from './estimate-routes.ts';
export {
  approvedEstimateTotal,
  EstimateService,
  estimateSummaries,
  estimatesForDownload,
  forgetEstimatesOf,
} from './estimates.ts';
export { paidAppointmentsOf } from './past-appointments.ts';
export { claimReminderCalls } from './reminder-calls.ts';
export type { SlotHold, SlotHolds } from './slot-holds.ts';
export { freeStartsOn } from './slot-holds.ts';
export { visitCalendarRoutes } from './visit-calendar.ts';
