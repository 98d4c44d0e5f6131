/** The profile's fixed choices (docs/product.md §5), free of zod so the web bundle can import them. */
export const TITLES = ['Mr.', 'Mrs.', 'Ms.'] as const;
/** Stored and shown as written; the spec's "other" option is shown as Transgender. */
export const GENDERS = ['Male', 'Female', 'Transgender'] as const;
export const PROFESSIONS = ['Actor', 'Model', 'Singer', 'Musician', 'Writer', 'Dancer', 'Choreographer', 'Designer', 'Other'] as const;
export const VISIBILITIES = ['public', 'private'] as const;

export type Title = (typeof TITLES)[number];
export type Gender = (typeof GENDERS)[number];
export type Profession = (typeof PROFESSIONS)[number];
export type Visibility = (typeof VISIBILITIES)[number];
