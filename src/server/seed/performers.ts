/**
 * Demo performers (docs/talent.md): about 40 public profiles with portraits, so talent
 * search, portfolios and shortlists have something to show. Never with
 * NODE_ENV=production. And a fast seeder of N performers for the benchmark.
 */
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, like, sql } from 'drizzle-orm';
import { foldName } from '../../contract/resume-options.js';
import type { Resume } from '../../contract/resume.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { performerResumes, userMedia, users } from '../db/schema/index.js';
import { DEMO_IMAGES, demoPortrait } from './data.js';

export const DEMO_PERFORMER_DOMAIN = 'performers.demo.audition.local';

const FIRST = {
  Female: ['Aanya', 'Priya', 'Meera', 'Kavya', 'Isha', 'Diya', 'Sana', 'Ritika', 'Neha', 'Tara', 'Anjali', 'Lakshmi', 'Zoya', 'Pooja', 'Nandini', 'Fatima'],
  Male: ['Arjun', 'Rohan', 'Vikram', 'Kabir', 'Aditya', 'Rahul', 'Imran', 'Karthik', 'Siddharth', 'Dev', 'Nikhil', 'Farhan', 'Manoj', 'Yash', 'Ravi', 'Joseph'],
  Transgender: ['Gauri', 'Noor', 'Sasha', 'Kiran'],
} as const;
const LAST = ['Sharma', 'Iyer', 'Kapoor', 'Reddy', 'Nair', 'Khan', 'Das', 'Menon', 'Joshi', 'Patel', 'Singh', 'Bose', 'Pillai', 'Fernandes', 'Gill', 'Rao'];
const CITIES = ['Mumbai', 'Delhi', 'Bengaluru', 'Chennai', 'Kolkata', 'Hyderabad', 'Pune', 'Kochi', 'Jaipur', 'Goa', 'Ahmedabad', 'Lucknow'];
const PROFESSIONS = ['Actor', 'Model', 'Singer', 'Dancer', 'Musician', 'Writer', 'Choreographer', 'Designer'];
/** Heights written as people write them: the search reads each as centimetres. */
const HEIGHTS = ['172 cm', '5 ft 6 in', '1.68 m', `5'4"`, '180', '165 cm', `5' 10"`, '158 cm', '1.75 m', '6 ft'];
const HAIR = ['Black', 'Dark brown', 'Brown', 'Auburn'];
const EYES = ['Brown', 'Dark brown', 'Hazel', 'Black'];
const BODY = ['Slim', 'Athletic', 'Average', 'Curvy', 'Muscular'];

export const DEMO_PERFORMERS = 40;

/** The demo performers, each described by its index: same input, same people. */
export function demoPerformer(i: number) {
  const gender = i % 10 === 9 ? 'Transgender' : i % 2 ? 'Male' : 'Female';
  const names = FIRST[gender];
  const fname = `${names[(i * 7) % names.length]} ${LAST[(i * 5 + 3) % LAST.length]}`;
  return {
    email: `performer${i + 1}@${DEMO_PERFORMER_DOMAIN}`,
    fname,
    gender,
    pronoun: gender === 'Male' ? 'Mr.' : 'Ms.',
    category: PROFESSIONS[i % PROFESSIONS.length]!,
    // The demo performers chose their title, gender and profession (docs/talent.md, "Stated, not defaulted").
    profileStatedAt: new Date(),
    location: CITIES[(i * 5) % CITIES.length]!,
    age: String(19 + ((i * 7) % 27)),
    height: HEIGHTS[i % HEIGHTS.length]!,
    weight: `${50 + ((i * 3) % 30)} kg`,
    bodyType: BODY[i % BODY.length]!,
    hairColor: HAIR[i % HAIR.length]!,
    eyeColor: EYES[(i + 1) % EYES.length]!,
    profilePic: demoPortrait(i),
  };
}

const PRODUCTIONS = ['Monsoon Letters', 'City of Ash', 'The Tea Garden', 'Hamlet', 'Night Bus', 'Kaveri Nights', 'Paper Boats', 'Saffron Skies', 'The Last Local', 'Rang Manch'];
const ROLES = ['Lead', 'Friend', 'Sister', 'Inspector', 'Narrator', 'Dancer', 'Mother', 'Student', 'Doctor', 'Shopkeeper'];
const CATEGORIES = ['film', 'tv', 'theatre', 'commercial', 'web', 'short_film'] as const;
const SKILLS = ['Kathak', 'Swimming', 'Horse riding', 'Bharatanatyam', 'Guitar', 'Stage combat', 'Yoga', 'Driving (car)', 'Kathakali', 'Singing (Hindustani)', 'Improvisation', 'Tabla'];
const LANGUAGES = ['Hindi', 'English', 'Tamil', 'Marathi', 'Bengali', 'Malayalam', 'Telugu', 'Punjabi', 'Gujarati', 'Kannada'];
const SCHOOLS = ['National School of Drama', 'FTII Pune', 'Whistling Woods', 'Barry John Acting Studio'];
const SKILL_LEVELS = ['basic', 'good', 'expert'] as const;
const LANGUAGE_LEVELS = ['native', 'fluent', 'conversational'] as const;

/** A plausible résumé for demo performer i (docs/resume.md): two to six credits, training, skills, languages, sometimes a union and an agent. */
export function demoResume(i: number): Pick<Resume, 'credits' | 'training' | 'skills' | 'languages' | 'accents' | 'representation' | 'measurements'> & { unionStatus: 'none' | 'member' | 'eligible'; unionName: string } {
  const credits = Array.from({ length: 2 + (i % 5) }, (_, k) => ({
    category: CATEGORIES[(i + k * 2) % CATEGORIES.length]!,
    role: ROLES[(i * 3 + k) % ROLES.length]!,
    production: PRODUCTIONS[(i + k * 3) % PRODUCTIONS.length]!,
    company: k % 2 ? '' : 'Lotus Films',
    director: '',
    year: 2024 - ((i + k * 2) % 9),
  }));
  const union = i % 3 === 0 ? 'member' : i % 3 === 1 ? 'eligible' : 'none';
  return {
    credits,
    training: i % 2 ? [] : [{ course: 'Acting diploma', school: SCHOOLS[i % SCHOOLS.length]!, year: 2015 + (i % 8) }],
    skills: [0, 1, 2].map((k) => ({ name: SKILLS[(i + k * 5) % SKILLS.length]!, level: SKILL_LEVELS[(i + k) % SKILL_LEVELS.length]! })),
    languages: [0, 1].map((k) => ({ name: LANGUAGES[(i * 3 + k * 7) % LANGUAGES.length]!, level: LANGUAGE_LEVELS[(i + k) % LANGUAGE_LEVELS.length]! })),
    accents: i % 4 === 0 ? ['British (RP)'] : [],
    representation: i % 4 === 1 ? { agency: 'Stellar Talent', contact: 'Meera Joshi', email: 'bookings@stellar.example', phone: '+91 98765 43210' } : null,
    measurements: i % 2 ? {} : { chestCm: 82 + (i % 20), waistCm: 64 + (i % 18), shoeEu: 37 + (i % 8) },
    unionStatus: union,
    unionName: union === 'none' ? '' : 'CINTAA',
  };
}

/** Seeds the demo performers once (none of their e-mails exists yet); answers how many it added. */
export async function seedDemoPerformers(ctx: AppContext, log: (line: string) => void = console.log): Promise<number> {
  if (ctx.config.env.SEED_DEMO === '0' || ctx.config.production) return 0;
  const { db } = ctx;
  // Nobody logs in as a demo performer: one random password, never told.
  const passwordHash = await hash(randomBytes(24).toString('base64url'));
  const added = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('audition:seed-demo-performers'))`);
    const [any] = await tx.select({ id: users.id }).from(users).where(like(users.email, `%@${DEMO_PERFORMER_DOMAIN}`)).limit(1);
    if (any) return 0;
    const rows = await tx
      .insert(users)
      .values(Array.from({ length: DEMO_PERFORMERS }, (_, i) => ({ ...demoPerformer(i), passwordHash, number: `9000${String(100_000 + i).slice(-6)}`, role: 'performer', visibility: 'public' })))
      .returning({ id: users.id, profilePic: users.profilePic });
    // Each portrait is also the first photo, so "has photos" finds them.
    await tx.insert(userMedia).values(rows.map((r) => ({ userId: r.id, mediaType: 'photos', url: r.profilePic })));
    // Their résumés, with the folded names the talent search filters on, as a save writes them (docs/resume.md).
    await tx.insert(performerResumes).values(rows.map((r, i) => {
        const { unionStatus: _status, ...resume } = demoResume(i);
        return { userId: r.id, ...resume };
      }));
    for (const [i, r] of rows.entries()) {
      const d = demoResume(i);
      await tx
        .update(users)
        .set({ skillKeys: d.skills.map((k) => foldName(k.name)), languageKeys: d.languages.map((l) => foldName(l.name)), unionStatus: d.unionStatus })
        .where(eq(users.id, r.id));
    }
    return rows.length;
  });
  if (added > 0) log(`seeded ${added} demo performers (SEED_DEMO=0 turns this off)`);
  return added;
}

/**
 * Inserts `n` public performers for the benchmark, in batches generated inside the
 * database, with varied professions, genders, cities, ages and heights (as free text),
 * each stated (profile_stated_at set), so the talent search's profession and gender filters
 * find them (docs/talent.md, "Stated, not defaulted").
 */
export async function seedPerformers(db: Db, n: number, opts: { batchSize?: number } = {}): Promise<void> {
  const batch = opts.batchSize ?? 10_000;
  const arr = (list: readonly string[]) => sql`array[${sql.join(list.map((w) => sql`${w}`), sql`, `)}]::text[]`;
  const first = arr([...FIRST.Female, ...FIRST.Male]);
  const last = arr(LAST);
  const cities = arr(CITIES);
  const professions = arr(PROFESSIONS);
  const heights = arr(HEIGHTS);
  const nf = FIRST.Female.length + FIRST.Male.length;
  for (let start = 0; start < n; start += batch) {
    const end = Math.min(n, start + batch);
    await db.execute(sql`
      insert into users (email, fname, password_hash, role, visibility, gender, category, location, age, height, profile_pic, created_at, profile_stated_at)
      select
        'bench-' || i || '@bench.audition.local',
        (${first})[1 + (i * 7) % ${nf}] || ' ' || (${last})[1 + (i * 11 + i / ${nf}) % ${LAST.length}],
        'bench',
        'performer',
        case when i % 10 = 0 then 'private' else 'public' end,
        case when i % 2 = 0 then 'Female' when i % 15 = 1 then 'Transgender' else 'Male' end,
        -- i / 2, not i: the genders alternate with i, and every profession must meet both.
        (${professions})[1 + ((i / 2) * 3) % ${PROFESSIONS.length}],
        (${cities})[1 + (i * 13) % ${CITIES.length}],
        (18 + (i * 7) % 40)::text,
        (${heights})[1 + (i * 17) % ${HEIGHTS.length}],
        case when i % 3 = 0 then '' else '/demo/performer-' || (1 + i % ${DEMO_IMAGES.performers}) || '.webp' end,
        now() - make_interval(secs => ${n} - i),
        now() - make_interval(secs => ${n} - i)
      from generate_series(${start}::int, ${end - 1}::int) as i
    `);
  }
}
