// The config-log module's face: the owner's log of changes, its service (which the schedule writes to) and routes.
export { configLogRoutes } from './config-log-routes.ts';
export { ConfigLogService } from './config-log-service.ts';
