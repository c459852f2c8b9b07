// The contact module's face: the form of /about that reaches the owner (issue 40).
export { contactRoutes } from './contact-routes.ts';
export { ContactService } from './contact-service.ts';
