/**
 * The résumé's fixed choices, limits, suggestion lists, texts and unit helpers (docs/resume.md),
 * free of zod so the web bundle can import them.
 */

export const CREDIT_CATEGORIES = ['film', 'tv', 'theatre', 'commercial', 'music_video', 'short_film', 'web', 'other'] as const;
export type CreditCategory = (typeof CREDIT_CATEGORIES)[number];
export const CREDIT_CATEGORY_LABELS: Record<CreditCategory, string> = {
  film: 'Film',
  tv: 'Television',
  theatre: 'Theatre',
  commercial: 'Commercials',
  music_video: 'Music videos',
  short_film: 'Short films',
  web: 'Web series',
  other: 'Other',
};

export const SKILL_LEVELS = ['basic', 'good', 'expert'] as const;
export type SkillLevel = (typeof SKILL_LEVELS)[number];
export const LANGUAGE_LEVELS = ['basic', 'conversational', 'fluent', 'native'] as const;
export type LanguageLevel = (typeof LANGUAGE_LEVELS)[number];
export const UNION_STATUSES = ['none', 'member', 'eligible'] as const;
export type UnionStatus = (typeof UNION_STATUSES)[number];
export const HEIGHT_UNITS = ['cm', 'ftin'] as const;
export type HeightUnit = (typeof HEIGHT_UNITS)[number];
export const WEIGHT_UNITS = ['kg', 'lb'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export const LEVEL_LABELS: Record<SkillLevel | LanguageLevel, string> = {
  basic: 'Basic',
  good: 'Good',
  expert: 'Expert',
  conversational: 'Conversational',
  fluent: 'Fluent',
  native: 'Native',
};
export const UNION_LABELS: Record<UnionStatus, string> = { none: 'Not in a union', member: 'Union member', eligible: 'Union eligible' };

export const RESUME_LIMITS = {
  credits: 100,
  training: 30,
  skills: 50,
  languages: 10,
  accents: 10,
  roleMax: 80,
  productionMax: 120,
  companyMax: 120,
  directorMax: 80,
  courseMax: 120,
  schoolMax: 120,
  nameMax: 40,
  unionNameMax: 80,
  agencyMax: 120,
  contactMax: 80,
  phoneMax: 30,
  emailMax: 254,
  yearMin: 1950,
  heightMin: 50,
  heightMax: 250,
  weightMin: 20,
  weightMax: 250,
  measureMin: 30,
  measureMax: 250,
  shoeMin: 15,
  shoeMax: 55,
  /** Comp card and résumé PDFs one address may have drawn a minute. */
  pdfsPerMinute: 30,
  /** Repeated skill= values a search takes. */
  searchSkills: 5,
} as const;

/** The last year a credit or course may carry: next year (a production announced). */
export const latestYear = (now = new Date()) => now.getUTCFullYear() + 1;

/** Suggested as the performer types; other names are allowed. */
export const SKILL_SUGGESTIONS = [
  'Acrobatics', 'Archery', 'Ballet', 'Bharatanatyam', 'Boxing', 'Contemporary dance', 'Cricket', 'Cycling',
  'Driving (car)', 'Driving (motorcycle)', 'Fencing', 'Football', 'Guitar', 'Gymnastics', 'Hip-hop dance',
  'Horse riding', 'Improvisation', 'Juggling', 'Kalaripayattu', 'Kathak', 'Kathakali', 'Karate', 'Kickboxing',
  'Kuchipudi', 'Magic', 'Martial arts', 'Mime', 'Mohiniyattam', 'Odissi', 'Piano', 'Puppetry', 'Salsa',
  'Scuba diving', 'Singing (Carnatic)', 'Singing (Hindustani)', 'Singing (western)', 'Skateboarding', 'Skiing',
  'Stage combat', 'Stand-up comedy', 'Surfing', 'Swimming', 'Sword fighting', 'Tabla', 'Tap dance',
  'Tennis', 'Violin', 'Voice-over', 'Yoga',
] as const;

export const LANGUAGE_SUGGESTIONS = [
  'Arabic', 'Assamese', 'Bengali', 'Bhojpuri', 'Chinese (Mandarin)', 'English', 'Español', 'French', 'German',
  'Gujarati', 'Hindi', 'Italian', 'Japanese', 'Kannada', 'Konkani', 'Korean', 'Malayalam', 'Marathi', 'Nepali',
  'Odia', 'Portuguese', 'Punjabi', 'Russian', 'Sanskrit', 'Sindhi', 'Tamil', 'Telugu', 'Tulu', 'Urdu',
] as const;

export const ACCENT_SUGGESTIONS = [
  'American (General)', 'American (Southern)', 'Australian', 'Bengali', 'Bihari', 'British (RP)', 'Cockney',
  'French', 'Goan', 'Gujarati', 'Haryanvi', 'Hyderabadi', 'Irish', 'Kashmiri', 'Malayali', 'Marathi',
  'Mumbai (Bambaiya)', 'Punjabi', 'Rajasthani', 'Scottish', 'Tamil', 'Telugu',
] as const;

/**
 * A name as search and duplicate checks compare it: accents and letter case ignored,
 * spaces squeezed ("Español" and "espanol" are one language).
 */
export function foldName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Suggestions whose folded name holds the folded text, those starting with it first. */
export function suggest(list: readonly string[], typed: string, max = 8): string[] {
  const q = foldName(typed);
  if (!q) return list.slice(0, max);
  const starts: string[] = [];
  const holds: string[] = [];
  for (const name of list) {
    const f = foldName(name);
    if (f.startsWith(q)) starts.push(name);
    else if (f.includes(q)) holds.push(name);
  }
  return [...starts, ...holds].slice(0, max);
}

const CM_PER_INCH = 2.54;
const KG_PER_LB = 0.45359237;

/** A height as the free text shows it in the chosen unit: "172 cm" or 5'8". */
export function heightText(cm: number, unit: HeightUnit): string {
  if (unit === 'cm') return `${cm} cm`;
  const inches = Math.round(cm / CM_PER_INCH);
  return `${Math.floor(inches / 12)}'${inches % 12}"`;
}
/** Feet and inches to whole centimetres, as the database reads 5'8" (migration 0015). */
export const feetInchesToCm = (feet: number, inches: number) => Math.round(feet * 30.48 + inches * CM_PER_INCH);
export const cmToFeetInches = (cm: number) => {
  const inches = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(inches / 12), inches: inches % 12 };
};
/** A weight as the free text shows it: "70 kg" or "154 lb". */
export function weightText(kg: number, unit: WeightUnit): string {
  return unit === 'kg' ? `${kg} kg` : `${Math.round(kg / KG_PER_LB)} lb`;
}
export const lbToKg = (lb: number) => Math.round(lb * KG_PER_LB);
export const kgToLb = (kg: number) => Math.round(kg / KG_PER_LB);
/** The unit a free-text height is written in: feet and inches when it says so. */
export const heightUnitOf = (text: string): HeightUnit => (/['’′"″]|\bft\b|feet|foot/i.test(text) ? 'ftin' : 'cm');
export const weightUnitOf = (text: string): WeightUnit => (/lb|pound/i.test(text) ? 'lb' : 'kg');

/** The résumé's texts, written once. */
export const RESUME_MSG = {
  credit: (n: number) => `Credit ${n}`,
  course: (n: number) => `Training ${n}`,
  skill: (n: number) => `Skill ${n}`,
  language: (n: number) => `Language ${n}`,
  accent: (n: number) => `Accent ${n}`,
  tooMany: (label: string, max: number) => `${label}: at most ${max}`,
  listedTwice: (name: string) => `${name} is listed twice`,
  year: (label: string, max: number) => `${label} must be a year from ${RESUME_LIMITS.yearMin} to ${max}`,
  wholeBetween: (label: string, min: number, max: number) => `${label} must be a whole number from ${min} to ${max}`,
  shoe: `Shoe size (EU) must be a number from ${RESUME_LIMITS.shoeMin} to ${RESUME_LIMITS.shoeMax}, in halves`,
  invalidEmail: 'Agent e-mail must be an e-mail address',
  unionNameWithoutStatus: 'Union name: choose member or eligible first',
  saved: 'Résumé saved.',
  measurementsPublic: 'Show chest, waist and hips to everyone',
  measurementsPublicHint: 'Off: only studios you applied to see them.',
  measurementsPublicNotBoolean: 'Show chest, waist and hips to everyone must be on or off',
  resumeTitle: 'Résumé',
  editResume: 'Edit résumé',
  downloadCompCard: 'Download comp card (PDF)',
  downloadResume: 'Download résumé (PDF)',
  noCredits: 'No credits yet.',
  addCredit: 'Add credit',
  addCourse: 'Add training',
  addSkill: 'Add skill',
  addLanguage: 'Add language',
  addAccent: 'Add accent',
  // Fit reasons (docs/marketplace.md, "Where you stand"): "Fluent Hindi", "Swimming: expert".
  languageWords: (level: LanguageLevel, name: string) => `${LEVEL_LABELS[level]} ${name}`,
  skillWords: (name: string, level: SkillLevel) => `${name}: ${level}`,
  // The résumé as studios read it (portfolio, applicant card).
  credits: 'Credits',
  training: 'Training',
  skills: 'Skills',
  languages: 'Languages',
  accents: 'Accents',
  union: 'Union',
  agent: 'Agent',
  unionAgentMeasures: 'Union, agent and measurements',
  chest: 'Chest',
  waist: 'Waist',
  hips: 'Hips',
  shoeSize: 'Shoe (EU)',
  emptyResume: 'No résumé yet.',
  cm: (n: number) => `${n} cm`,
  creditLine: (c: { role: string; production: string; company: string; director: string }) =>
    [`${c.role}, ${c.production}`, c.company, c.director && `dir. ${c.director}`].filter(Boolean).join(' · '),
  /** A skill or language a role wants that the résumé lacks, as a fit miss. */
  notOnResume: (name: string) => `${name}; not on your résumé`,
} as const;

/** The editor's field labels and buttons (docs/resume.md), written once. */
export const RESUME_FORM = {
  category: 'Category',
  production: 'Production',
  role: 'Role',
  company: 'Company',
  director: 'Director',
  year: 'Year',
  course: 'Course',
  school: 'School',
  level: 'Level',
  union: 'Union',
  unionName: 'Union name',
  agency: 'Agency',
  contact: 'Agent',
  email: 'Agent e-mail',
  phone: 'Agent phone',
  height: 'Height',
  weight: 'Weight',
  notGiven: 'not given',
  editInAppearance: 'Change height and weight in Appearance',
  chest: 'Chest (cm)',
  waist: 'Waist (cm)',
  hips: 'Hips (cm)',
  shoe: 'Shoe size (EU)',
  legendCredits: 'Credits',
  legendTraining: 'Training',
  legendSkills: 'Skills',
  legendLanguages: 'Languages',
  legendAccents: 'Accents',
  legendUnion: 'Union and agent',
  legendBody: 'Height, weight and measurements',
  save: 'Save résumé',
  saving: 'Saving your résumé…',
  fixBelow: (n: number) => (n === 1 ? 'One field needs a change:' : `${n} fields need a change:`),
  moveUp: (what: string, n: number) => `Move ${what} ${n} up`,
  moveDown: (what: string, n: number) => `Move ${what} ${n} down`,
  remove: (what: string, n: number) => `Remove ${what} ${n}`,
} as const;
