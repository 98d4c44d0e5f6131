/**
 * The events area's public face: its routes, and how other areas send an event to
 * accounts' live streams (`publish`, or `recordEvents` inside a transaction and
 * `deliver` after it commits). docs/messages.md.
 */
export { eventsRoutes } from './events.routes.js';
export { publish, recordEvents, deliver } from './publish.js';
export { createEventBus, type EventBus, type StoredEvent } from '../../adapters/event-bus.js';
export { eventsSweepJob, runEventsSweep } from './events-sweep.js';
