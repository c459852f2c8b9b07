// The schedule module's face: the owner's time off and booking rules (service and routes), the import of the owner's
// own calendar (service and routes), and what appointments and chat read of them (bookingRules, closedSpansBetween,
// the calendar feed's secret and file name).
export { CalendarImportService } from './calendar-import.ts';
export { calendarImportRoutes } from './calendar-import-routes.ts';
export { scheduleRoutes } from './schedule-routes.ts';
export { bookingRules, closedSpansBetween, FEED_FILE_PATTERN, isOwnerFeedSecret, ScheduleService } from './schedule-service.ts';
