/**
 * The audition-times area's public face (docs/slots.md): its routes, the reminder sweep
 * that main.ts starts, and the count of a job's booked slots the studio's job page shows.
 */
export { slotsRoutes } from './slots.routes.js';
export { runSlotReminders, slotRemindersJob } from './slot-reminders.js';
export { countBookedSlots, dayEventsOf } from './slots.service.js';
// A decline that stands, a close or a withdrawal cancels the application's bookings (the applications area calls it in its transaction).
export { cancelBookingsOf } from './end-bookings.js';
