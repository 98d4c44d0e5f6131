/**
 * Whether a text is a UUID, the shape of every id the database makes: ids from a URL or a
 * token are checked first, since PostgreSQL answers any other text compared with a uuid
 * column with an error, not "no row".
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);
