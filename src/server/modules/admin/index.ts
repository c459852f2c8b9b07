// The admin module's face: the back office's routes and the service that composes them from the other modules.
export { adminRoutes } from './admin-routes.ts';
export { AdminService } from './admin-service.ts';
export { taxExemptionRoutes } from './tax-exemption-routes.ts';
