// The privacy module's face: a customer's data export and account deletion, as a service and its routes.
export { privacyRoutes } from './privacy-routes.ts';
export { PrivacyService } from './privacy-service.ts';
