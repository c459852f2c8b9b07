// The events module's face: the live-update hub and its stream route, and the announcements a transaction makes
// (a change, a slot taken or freed, a session ended).

export type { CurrentSession } from './event-hub.ts';
export { announceChange, announceSessionEnded, announceSlotChange, EventHub } from './event-hub.ts';
export { eventRoutes } from './event-routes.ts';
