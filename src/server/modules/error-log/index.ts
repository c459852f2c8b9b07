// The error-log module's face: the recorder every module reports failures to (its type, ErrorRecorder, is a
// contract in src/shared/error-log.ts), the hourly purge's start, the back office's page and removal, the routes.
export { errorLogRoutes } from './error-log-routes.ts';
export { createErrorRecorder, errorLogPage, removeErrorLogEntry, startErrorLogPurge } from './error-log-service.ts';
