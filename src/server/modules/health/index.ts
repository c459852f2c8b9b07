// The health module's face: the /healthz route.
export { healthRoutes } from './health-routes.ts';
