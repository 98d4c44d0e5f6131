/**
 * The audition-times area's public face (docs/slots.md): its routes, the reminder sweep
 * that main.ts starts, and the count of a job's booked slots the studio's job page shows.
 */
export { slotsRoutes } from './slots.routes.js';
export { runSlotReminders, slotRemindersJob } from './slot-reminders.js';
export { countBookedSlots, dayEventsOf, utcText } from './slots.service.js';
