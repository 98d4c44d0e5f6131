-- A booking's Idempotency-Key (docs/faults.md, "A stalled database"): stored with the booking in its own UPDATE, so a retry after a 503 whose COMMIT did land answers the first booking.
ALTER TABLE "audition_slots" ADD COLUMN "booking_key" text;
