// The appointments module's face: booking routes, AppointmentService and its job reads (findJob, openJobs…), and the
// job's life cycle (JobLifecycle) with the listener interface the modules that react to a job's changes implement.
export { appointmentRoutes } from './appointment-routes.ts';
export {
  AppointmentService,
  allJobsOf,
  completedUnpaidJobs,
  customerAppointment,
  findJob,
  jobsById,
  openJobs,
  openJobsOf,
} from './appointment-service.ts';
export type { JobListener, Payment } from './job-lifecycle.ts';
export { JobLifecycle } from './job-lifecycle.ts';
