// The texts module's face: TextService (opted-in customers' messages and their delivery), the texts' wording, the
// Twilio sender, and the consent, webhook and development outbox routes; a reminder call's words in that outbox.
export { keepCallInDevOutbox } from './call-outbox.ts';
export { textConsentRoutes } from './text-consent-routes.ts';
export { confirmationText, onMyWayText, payLinkText, reminderText } from './text-content.ts';
export { devTextOutboxRoutes, textWebhookRoutes } from './text-routes.ts';
export type { TextOptions } from './text-service.ts';
export { TextService } from './text-service.ts';
export { isTwilioSignatureValid, twilioSender } from './twilio-sender.ts';
