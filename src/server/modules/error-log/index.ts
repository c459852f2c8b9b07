// The error-log module's face: the recorder every module reports failures to, the hourly purge's start, the back
// office's page and removal, the routes, and the scrubbing of personal data from a message.
export { errorLogRoutes } from './error-log-routes.ts';
export type { ErrorRecorder } from './error-log-service.ts';
export { createErrorRecorder, errorLogPage, removeErrorLogEntry, startErrorLogPurge } from './error-log-service.ts';
export { scrubPersonalData } from './personal-data.ts';
