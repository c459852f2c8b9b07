// The history module's face: each appointment's history, written (recordHistory), read (historyOf) and made
// anonymous for a deleted account (forgetActor).
export { forgetActor, historyOf, recordHistory } from './history-service.ts';
