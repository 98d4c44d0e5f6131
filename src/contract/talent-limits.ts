/** Limits of talent search, shortlists and reviews, free of zod so the web bundle can import them. */
export const TALENT_LIMITS = {
  page: 20,
  qMax: 100,
  heightMax: 300,
  ageMax: 120,
  shortlistNameMax: 80,
  shortlistsMax: 100,
  membersMax: 500,
  noteMax: 1000,
  recommendations: 20,
} as const;

export const MEDIA_KINDS = ['photos', 'videos', 'audios'] as const;
