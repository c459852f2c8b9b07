// The mail module's face: MailService (the outbox and its delivery), the e-mail templates, the delivery loop the
// texts reuse, and the development mailbox's routes with their loopback-only guard.
export { DeliveryLoop } from './delivery-loop.ts';
export { devMailboxRoutes, loopbackOnly } from './dev-mailbox-routes.ts';
export type { MailOptions, OutgoingEmail } from './mail-service.ts';
export { MailService } from './mail-service.ts';
export type { EmailContent } from './mail-templates.ts';
export { escapeHtml, renderEmail } from './mail-templates.ts';
