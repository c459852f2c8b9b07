// The voice module's face: reminder calls for landlines (issue 39, decision 040): the service (the customer's choice,
// the day-before pass, the answers to the keys), its routes, and Twilio's Calls API.
export type { ReminderCallOptions, VoiceAppointments, VoiceTexts } from './reminder-call-service.ts';
export { ReminderCallService } from './reminder-call-service.ts';
export { twilioCaller } from './twilio-calls.ts';
export { reminderCallChoiceRoutes, voiceWebhookRoutes } from './voice-routes.ts';
