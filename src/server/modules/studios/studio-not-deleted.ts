/** Which studio rows are public pages. */
import { isNull } from 'drizzle-orm';
import { studios } from '../../db/schema/index.js';

/**
 * The condition every public read of `studios` adds: a deleted account's emptied row
 * (`deleted_at` set) is in no list, search or page, nor in the admin's studios
 * (docs/account.md, "Studio accounts").
 */
export const studioNotDeleted = isNull(studios.deletedAt);
