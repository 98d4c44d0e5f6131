/**
 * The demo studios and their job posts: realistic names in varied cities,
 * descriptions from 200 to 1500 characters (so the 338 and 900 cuts show) and
 * 0 to 6 jobs each. Images are the project's own files in src/web/public/demo.
 */

export const DEMO_IMAGES = {
  banners: 6,
  logos: 12,
  jobs: 10,
  performers: 8,
} as const;

export const demoBanner = (i: number) => `/demo/banner-${(i % DEMO_IMAGES.banners) + 1}.webp`;
export const demoLogo = (i: number) => `/demo/studio-${(i % DEMO_IMAGES.logos) + 1}.webp`;
export const demoPortrait = (i: number) => `/demo/performer-${(i % DEMO_IMAGES.performers) + 1}.webp`;
export const demoJobImage = (i: number) => `/demo/job-${(i % DEMO_IMAGES.jobs) + 1}.webp`;

type Focus = 'film' | 'ads' | 'music' | 'fashion' | 'theatre' | 'voice' | 'dance' | 'series';

interface StudioSeed {
  fname: string;
  location: string;
  focus: Focus;
  /** The description grows to about this many characters (200..1500). */
  length: number;
  jobs: number;
}

export const DEMO_STUDIOS: readonly StudioSeed[] = [
  { fname: 'Silver Reel Studios', location: 'Mumbai, Maharashtra', focus: 'film', length: 1480, jobs: 6 },
  { fname: 'Marigold Casting House', location: 'Bengaluru, Karnataka', focus: 'ads', length: 960, jobs: 4 },
  { fname: 'Kaveri Frames', location: 'Chennai, Tamil Nadu', focus: 'film', length: 420, jobs: 2 },
  { fname: 'Charminar Pictures', location: 'Hyderabad, Telangana', focus: 'series', length: 1210, jobs: 5 },
  { fname: 'Howrah Bridge Films', location: 'Kolkata, West Bengal', focus: 'film', length: 240, jobs: 0 },
  { fname: 'Red Fort Productions', location: 'New Delhi, Delhi', focus: 'ads', length: 760, jobs: 3 },
  { fname: 'Deccan Light Studio', location: 'Pune, Maharashtra', focus: 'fashion', length: 330, jobs: 1 },
  { fname: 'Konkan Coast Creatives', location: 'Panaji, Goa', focus: 'music', length: 1050, jobs: 4 },
  { fname: 'Backwater Stories', location: 'Kochi, Kerala', focus: 'series', length: 610, jobs: 2 },
  { fname: 'Pink City Talent Co.', location: 'Jaipur, Rajasthan', focus: 'theatre', length: 1350, jobs: 6 },
  { fname: 'Sabarmati Sound & Screen', location: 'Ahmedabad, Gujarat', focus: 'voice', length: 520, jobs: 3 },
  { fname: 'Sukhna Lake Studios', location: 'Chandigarh', focus: 'music', length: 280, jobs: 1 },
  { fname: 'Lotus Lane Media', location: 'Lucknow, Uttar Pradesh', focus: 'series', length: 890, jobs: 2 },
  { fname: 'Brass Monkey Animation', location: 'Bengaluru, Karnataka', focus: 'voice', length: 1120, jobs: 5 },
  { fname: 'Monsoon Street Films', location: 'Mumbai, Maharashtra', focus: 'film', length: 700, jobs: 4 },
  { fname: 'Blue Hour Music Studio', location: 'Shillong, Meghalaya', focus: 'music', length: 460, jobs: 2 },
  { fname: 'Tollygunge Talkies', location: 'Kolkata, West Bengal', focus: 'film', length: 1400, jobs: 3 },
  { fname: 'Nilgiri Voiceworks', location: 'Coimbatore, Tamil Nadu', focus: 'voice', length: 360, jobs: 0 },
  { fname: 'Gateway Fashion Studio', location: 'Mumbai, Maharashtra', focus: 'fashion', length: 980, jobs: 6 },
  { fname: 'Narmada Dance Collective', location: 'Indore, Madhya Pradesh', focus: 'dance', length: 820, jobs: 3 },
  { fname: 'Pearl Harbour Pictures', location: 'Visakhapatnam, Andhra Pradesh', focus: 'ads', length: 210, jobs: 1 },
  { fname: 'Golden Temple Films', location: 'Amritsar, Punjab', focus: 'film', length: 1260, jobs: 4 },
  { fname: 'Thames & Ganges Casting', location: 'London, United Kingdom', focus: 'series', length: 1000, jobs: 5 },
  { fname: 'Maple Leaf Stageworks', location: 'Toronto, Canada', focus: 'theatre', length: 560, jobs: 2 },
  { fname: 'Sunset Boulevard Casting', location: 'Los Angeles, United States', focus: 'film', length: 1500, jobs: 6 },
  { fname: 'Marina Bay Media', location: 'Singapore', focus: 'ads', length: 650, jobs: 3 },
  { fname: 'Desert Rose Productions', location: 'Dubai, United Arab Emirates', focus: 'fashion', length: 300, jobs: 2 },
  { fname: 'Bandstand Theatre Company', location: 'Mumbai, Maharashtra', focus: 'dance', length: 1180, jobs: 4 },
];

const OPENINGS: Record<Focus, (name: string, city: string) => string> = {
  film: (n, c) => `${n} is an independent film studio in ${c} that has been casting feature films and short films for more than a decade.`,
  ads: (n, c) => `${n} casts faces and voices for television commercials, digital campaigns and brand films from its studio in ${c}.`,
  music: (n, c) => `${n} is a recording and music video studio in ${c} working with independent artists, labels and film composers.`,
  fashion: (n, c) => `${n} shoots editorials, lookbooks and runway shows in ${c}, and keeps a roster of new and established models.`,
  theatre: (n, c) => `${n} produces original plays and touring musicals from its rehearsal halls in ${c}.`,
  voice: (n, c) => `${n} records dubbing, animation and audiobook voices in its sound-proofed booths in ${c}.`,
  dance: (n, c) => `${n} is a dance company in ${c} that stages contemporary and classical work and choreographs for film.`,
  series: (n, c) => `${n} develops and produces web series and television drama from its writers' room in ${c}.`,
};

const MIDDLES: Record<Focus, readonly string[]> = {
  film: [
    'Our directors like to meet new faces early, long before a script is locked, and many of our leads came to us through an open audition.',
    'We shoot on location as often as we can, so be ready for early calls, long days and the odd monsoon shower.',
    'Every production has a dedicated casting associate who answers questions about dates, fees and travel before you commit.',
  ],
  ads: [
    'A typical week brings briefs for food, fintech, fashion and travel brands, each looking for people who feel real on camera.',
    'Most shoots last one or two days, and we confirm usage rights and fees in writing before the first look test.',
    'We keep our audition rooms quiet and on schedule, and you will always hear back from us, whichever way the decision goes.',
  ],
  music: [
    'Artists book us for full production: arrangement, tracking, mixing and a music video shot in one of our two sound stages.',
    'We are always looking for session musicians, backing vocalists and performers who can move well on camera.',
    'Our engineers have worked on regional film soundtracks, independent albums and live concert recordings.',
  ],
  fashion: [
    'We cast for designers, catalogues and beauty brands, and we welcome models of every height, size and age.',
    'Fittings happen a few days before each shoot, and our stylists work with you on hair and make-up that suits your features.',
    'New faces get a free test shoot so they leave with pictures worth putting in a portfolio.',
  ],
  theatre: [
    'Our productions rehearse for six weeks before opening, and the ensemble tours for up to three months each season.',
    'We run free weekend workshops in movement, voice and improvisation for anyone who wants to try the stage.',
    'Actors, singers and dancers audition together, because our shows ask a little of everything from everyone.',
  ],
  voice: [
    'We dub series and films into Hindi, Tamil, Telugu, Gujarati and English, and record original voices for animated shows.',
    'A good microphone voice matters more to us than experience: first-timers are welcome to send a short reading.',
    'Sessions are booked in four-hour blocks with a director in the room and a script sent at least a day in advance.',
  ],
  dance: [
    'Our company trains in Kathak, Bharatanatyam and contemporary styles, and we often mix them on stage.',
    'We choreograph song sequences for film and music videos and cast dancers for each project separately.',
    'Rehearsals are in the evenings and on weekends, so many of our dancers also study or hold day jobs.',
  ],
  series: [
    'Each season is cast episode by episode, which means there are regular roles for guest actors as well as series regulars.',
    'Our writers adapt their characters to the actors we cast, so bring your own take to the audition rather than an imitation.',
    'We work with a coach for regional accents and languages, and we pay for the coaching for anyone we cast.',
  ],
};

const CLOSINGS: readonly string[] = [
  'We believe the best casting happens when talented people are given a fair, well-organised audition and honest feedback afterwards.',
  'Our team includes casting directors, line producers and coordinators who have worked across Hindi, Tamil, Telugu, Malayalam, Bengali and English productions.',
  'Performers on Audition can share their portfolio with us directly, and we read every profile that is sent, including the ones we cannot cast this time.',
  'We value punctuality, preparation and kindness on set as much as talent, and we try to offer the same in return.',
  'Payments are made within thirty days of the shoot, and meals, travel and accommodation are covered for every out-of-town schedule.',
  'If you are new to the industry, do not worry: we explain contracts, call sheets and usage terms in plain language before anything is signed.',
  'Children and teenagers audition only with a parent or guardian present, and their shooting hours follow the applicable rules for child artists.',
  'We also host open days twice a year, when anyone can walk in, meet the team and read for a role without an appointment.',
  'Our studio is wheelchair accessible, and we are happy to arrange anything else that would help you audition at your best.',
  'Keep your Audition profile up to date with recent photos, a short showreel and your languages, because that is the first thing our casting team looks at.',
];

/** A description that grows sentence by sentence to about `target` characters, always 200..1500. */
export function describeStudio(seed: StudioSeed, index: number): string {
  const parts = [OPENINGS[seed.focus](seed.fname, seed.location.split(',')[0]!)];
  const pool = [...MIDDLES[seed.focus], ...rotate(CLOSINGS, index * 3)];
  for (const sentence of pool) {
    if ((parts.join(' ') + ' ' + sentence).length > seed.length + 60) continue;
    if (parts.join(' ').length >= seed.length) break;
    parts.push(sentence);
  }
  let text = parts.join(' ');
  // Short targets may still be under 200 after the opening; add the next sentence that fits.
  for (const sentence of pool) {
    if (text.length >= 200) break;
    if (!parts.includes(sentence)) text += ` ${sentence}`;
  }
  return text.length > 1500 ? text.slice(0, text.lastIndexOf('.', 1499) + 1) : text;
}

const rotate = <T>(list: readonly T[], by: number): T[] => {
  const k = by % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
};

interface JobSeed {
  jobType: string;
  description: string;
  /** The call's roles with their stated pay, agreeing with the description (docs/marketplace.md, "Roles and pay"). */
  roles: readonly DemoRole[];
}

export interface DemoRole {
  name: string;
  profession: string;
  gender: string;
  ageMin: number;
  ageMax: number;
  payKind: 'paid' | 'unpaid' | 'deferred';
  payAmount: number | null;
  payUnit: 'hour' | 'day' | 'week' | 'project' | null;
  skills: string[];
  languages: string[];
}

/** A demo role; pay written 'paid:<rupees>:<unit>', 'unpaid' or 'deferred'. */
function r(name: string, profession: string, gender: string, ageMin: number, ageMax: number, pay: string, skills: string[] = [], languages: string[] = []): DemoRole {
  const [kind, amount, unit] = pay.split(':') as ['paid' | 'unpaid' | 'deferred', string | undefined, DemoRole['payUnit'] | undefined];
  return { name, profession, gender, ageMin, ageMax, payKind: kind, payAmount: amount ? Number(amount) : null, payUnit: unit ?? null, skills, languages };
}

const JOBS: Record<Focus, readonly JobSeed[]> = {
  film: [
    { jobType: 'Lead Actor', description: 'Male lead, 25 to 32, for a coming-of-age feature shooting in March. Fluent Hindi and English; some swimming needed for two scenes.', roles: [r('Lead (Arjun)', 'Actor', 'Male', 25, 32, 'paid:8000:day', ['Swimming'], ['Hindi', 'English'])] },
    { jobType: 'Supporting Actress', description: "Warm, funny actress aged 40 to 55 to play the hero's mother. Eighteen shooting days over two schedules.", roles: [r("Hero's mother", 'Actor', 'Female', 40, 55, 'paid:6000:day')] },
    { jobType: 'Child Artist', description: 'Boy or girl aged 8 to 11 with an easy smile for a family drama. A parent must attend every audition and shoot.', roles: [r('Son', 'Actor', 'Male', 8, 11, 'paid:3000:day'), r('Daughter', 'Actor', 'Female', 8, 11, 'paid:3000:day')] },
    { jobType: 'Stunt Performer', description: 'Trained stunt performers for a chase sequence: parkour or martial arts background, valid safety certification.', roles: [r('Chase stunt performer', 'Actor', 'Any', 18, 40, 'paid:7500:day', ['Parkour', 'Martial arts'])] },
    { jobType: 'Character Actor', description: 'Actors over 60 with strong screen presence for a village elder. Rural dialect coaching is provided.', roles: [r('Village elder', 'Actor', 'Any', 60, 0, 'paid:5000:day', [], ['Hindi'])] },
    { jobType: 'Junior Artists', description: 'Twenty junior artists for a wedding sequence, all ages. Two days, costumes provided, meals and travel covered.', roles: [r('Wedding guests', 'Any', 'Any', 0, 0, 'paid:1500:day'), r('Band players', 'Musician', 'Any', 0, 0, 'paid:2000:day')] },
  ],
  ads: [
    { jobType: 'TV Commercial Actor', description: 'Young couple, 24 to 30, for a home-loan commercial. Natural, conversational acting; one-day shoot in the city.', roles: [r('Husband', 'Actor', 'Male', 24, 30, 'paid:25000:project'), r('Wife', 'Actor', 'Female', 24, 30, 'paid:25000:project')] },
    { jobType: 'Voice-over Artist', description: 'Bright, friendly Hindi voice for a 30-second radio spot and its Instagram cut. Remote recording possible.', roles: [r('Radio voice', 'Other', 'Any', 0, 0, 'paid:12000:project', ['Voice-over'], ['Hindi'])] },
    { jobType: 'Print Model', description: 'Models aged 20 to 35 for a sportswear catalogue. Athletic build, comfortable running and jumping on camera.', roles: [r('Sportswear model', 'Model', 'Any', 20, 35, 'paid:15000:day', ['Running'])] },
    { jobType: 'Brand Ambassador', description: 'Confident presenter for a year-long campaign of short product videos in English and one regional language.', roles: [r('Presenter', 'Any', 'Any', 0, 0, 'paid:40000:week', [], ['English'])] },
    { jobType: 'Hand Model', description: 'Hand model with well-kept hands and steady movements for close-up food and jewellery shots.', roles: [r('Hand model', 'Model', 'Any', 0, 0, 'paid:4000:hour')] },
  ],
  music: [
    { jobType: 'Playback Singer', description: 'Female playback singer with a strong lower register for a romantic film song. Send a one-minute unaccompanied clip.', roles: [r('Playback singer', 'Singer', 'Female', 0, 0, 'paid:30000:project')] },
    { jobType: 'Session Guitarist', description: 'Acoustic and electric guitarist for a six-song independent album. Reading charts is a plus, not a must.', roles: [r('Guitarist', 'Musician', 'Any', 0, 0, 'paid:5000:day', ['Acoustic guitar', 'Electric guitar'])] },
    { jobType: 'Music Video Lead', description: 'Expressive performer who can lip-sync convincingly for a monsoon-themed music video shot over two nights.', roles: [r('Lead performer', 'Any', 'Any', 18, 0, 'paid:20000:project'), r('Couple in the rain', 'Model', 'Any', 18, 35, 'unpaid')] },
    { jobType: 'Backing Vocalist', description: 'Three backing vocalists with tight harmonies for a live concert recording and its rehearsals.', roles: [r('Backing vocalists', 'Singer', 'Any', 0, 0, 'paid:3500:day', ['Harmony'])] },
  ],
  fashion: [
    { jobType: 'Runway Model', description: 'Runway models for a bridal couture show, minimum height 5 ft 8 in. Fittings on the two days before the show.', roles: [r('Bridal runway model', 'Model', 'Female', 18, 35, 'paid:18000:project')] },
    { jobType: 'Lookbook Model', description: 'Models of every size for a festive lookbook. We want real people who enjoy wearing colour.', roles: [r('Lookbook model', 'Model', 'Any', 0, 0, 'paid:6000:day')] },
    { jobType: 'Beauty Campaign Model', description: 'Clear-skinned models aged 18 to 45 for a skincare campaign with close-up photography.', roles: [r('Skincare model', 'Model', 'Any', 18, 45, 'paid:20000:day')] },
    { jobType: 'Fit Model', description: 'Fit model, women’s size M, available two mornings a week for sample fittings with our design team.', roles: [r('Fit model (size M)', 'Model', 'Female', 0, 0, 'paid:1500:hour')] },
  ],
  theatre: [
    { jobType: 'Stage Actor', description: 'Actors who can sing for a touring musical about a travelling circus. Twelve-week contract, accommodation provided.', roles: [r('Ringmaster', 'Actor', 'Any', 25, 50, 'paid:35000:week', ['Singing']), r('Acrobat', 'Actor', 'Any', 18, 30, 'paid:30000:week', ['Acrobatics'])] },
    { jobType: 'Ensemble Dancer', description: 'Ensemble dancers with folk and contemporary training for a new production opening in the winter season.', roles: [r('Ensemble dancer', 'Dancer', 'Any', 18, 35, 'paid:25000:week', ['Folk', 'Contemporary'])] },
    { jobType: 'Puppeteer', description: "Puppeteer with Rajasthani kathputli experience for a children's show touring schools across the state.", roles: [r('Puppeteer', 'Other', 'Any', 0, 0, 'paid:2500:day', ['Kathputli'])] },
    { jobType: 'Understudy', description: 'Understudy for the two leads of a Hindi adaptation of a classic comedy. Must learn both roles in four weeks.', roles: [r('Understudy, both leads', 'Actor', 'Any', 0, 0, 'deferred', [], ['Hindi'])] },
  ],
  voice: [
    { jobType: 'Dubbing Artist', description: 'Hindi dubbing artists for a Korean drama series: lead female, 20s, and supporting male, 40s. Studio sessions only.', roles: [r('Lead female voice', 'Actor', 'Female', 20, 29, 'paid:2000:hour', ['Dubbing'], ['Hindi']), r('Supporting male voice', 'Actor', 'Male', 40, 49, 'paid:1500:hour', ['Dubbing'], ['Hindi'])] },
    { jobType: 'Animation Voice', description: 'Playful voices for a preschool animated series. We love range: animals, robots and grandparents.', roles: [r('Character voices', 'Any', 'Any', 0, 0, 'paid:8000:day', ['Voice range'])] },
    { jobType: 'Audiobook Narrator', description: 'Narrator with clear diction for a 12-hour Gujarati novel. Sample chapter sent to shortlisted voices.', roles: [r('Narrator', 'Any', 'Any', 0, 0, 'paid:45000:project', ['Narration'], ['Gujarati'])] },
    { jobType: 'IVR Voice', description: 'Calm, trustworthy English and Tamil voice for a bank’s phone menu. One half-day session.', roles: [r('Phone menu voice', 'Any', 'Any', 0, 0, 'paid:10000:project', [], ['English', 'Tamil'])] },
  ],
  dance: [
    { jobType: 'Background Dancer', description: 'Background dancers for a film song sequence: Bollywood and hip-hop, four days of rehearsal and two shoot days.', roles: [r('Background dancer', 'Dancer', 'Any', 18, 35, 'paid:4000:day', ['Bollywood', 'Hip-hop'])] },
    { jobType: 'Kathak Dancer', description: 'Trained Kathak dancers for a fusion performance at a cultural festival. Minimum five years of training.', roles: [r('Kathak dancer', 'Dancer', 'Any', 18, 0, 'paid:10000:project', ['Kathak'])] },
    { jobType: 'Assistant Choreographer', description: 'Assistant choreographer to teach routines to actors and keep rehearsals on schedule during a music video shoot.', roles: [r('Assistant choreographer', 'Choreographer', 'Any', 0, 0, 'paid:6000:day')] },
    { jobType: 'Contemporary Dancer', description: 'Contemporary dancers for a new full-length piece about migration, touring four cities in the spring.', roles: [r('Contemporary dancer', 'Dancer', 'Any', 18, 40, 'paid:28000:week', ['Contemporary'])] },
  ],
  series: [
    { jobType: 'Series Regular', description: 'Female lead, 28 to 35, for an eight-episode crime drama. Strong dramatic range; some action training provided.', roles: [r('Lead detective', 'Actor', 'Female', 28, 35, 'paid:15000:day')] },
    { jobType: 'Guest Role', description: 'Guest roles in episodes three and five: a shopkeeper, a journalist and a retired police officer.', roles: [r('Shopkeeper', 'Actor', 'Any', 30, 60, 'paid:5000:day'), r('Journalist', 'Actor', 'Any', 25, 45, 'paid:5000:day'), r('Retired police officer', 'Actor', 'Male', 55, 70, 'paid:6000:day')] },
    { jobType: 'Host / Anchor', description: 'Energetic bilingual host for a travel series, comfortable talking to strangers and presenting to camera.', roles: [r('Host', 'Any', 'Any', 21, 45, 'paid:50000:week', [], ['Hindi', 'English'])] },
    { jobType: 'Comic Actor', description: 'Comic actors with great timing for a sitcom about a noisy joint family. Improvisation skills welcome.', roles: [r('Joint-family members', 'Actor', 'Any', 0, 0, 'paid:4000:day', ['Improvisation'])] },
    { jobType: 'Teen Actor', description: 'Teen actors aged 15 to 18 for a school drama web series. Shooting during school holidays only.', roles: [r('Students', 'Actor', 'Any', 15, 18, 'paid:3000:day'), r('Class monitor', 'Actor', 'Any', 15, 18, 'unpaid')] },
  ],
};

/** The job posts of one demo studio: `count` of them, each with one to three images. */
export function demoJobs(seed: StudioSeed, index: number): JobSeed[] {
  const pool = JOBS[seed.focus];
  const picked: JobSeed[] = [];
  for (let k = 0; k < seed.jobs; k += 1) {
    const jobSeed = pool[(index + k) % pool.length]!;
    // Pools are shorter than six: the second round reads as a second opening of the same role.
    picked.push(k < pool.length ? jobSeed : { ...jobSeed, jobType: `${jobSeed.jobType} (second call)` });
  }
  return picked;
}

const FOCUS_PROFESSION: Record<Focus, string> = {
  film: 'Actor',
  ads: 'Model',
  music: 'Singer',
  fashion: 'Model',
  theatre: 'Actor',
  voice: 'Other',
  dance: 'Dancer',
  series: 'Actor',
};
/** The free-text pay line; the roles' stated pay is what the cards show. */
const PAY = ['Travel covered', 'Meals on set', '', 'Travel and stay covered', ''] as const;

/** The marketplace fields of a demo job: varied, so every board filter finds something. */
export function demoJobFields(seed: StudioSeed, studioIndex: number, jobIndex: number, now: number) {
  const turn = studioIndex + jobIndex;
  // The job's own fields agree with its first role, as its description does.
  const first = demoJobs(seed, studioIndex)[jobIndex]?.roles[0];
  return {
    title: demoJobTitle(seed, studioIndex, jobIndex),
    profession: first?.profession ?? FOCUS_PROFESSION[seed.focus],
    gender: first?.gender ?? 'Any',
    ageMin: first?.ageMin ?? 0,
    ageMax: first?.ageMax ?? 0,
    location: seed.location,
    pay: PAY[turn % PAY.length]!,
    // Whole days ahead, in UTC, so no demo job closes the day it is seeded.
    deadline: turn % 5 === 4 ? null : new Date(now + (14 + turn * 3) * 24 * 3600_000).toISOString().slice(0, 10),
  };
}

const demoJobTitle = (seed: StudioSeed, studioIndex: number, jobIndex: number) =>
  `${demoJobs(seed, studioIndex)[jobIndex]?.jobType ?? 'Open call'} — ${seed.fname}`.slice(0, 120);

export const jobImages = (studioIndex: number, jobIndex: number): string[] => {
  const count = 1 + ((studioIndex + jobIndex) % 3);
  return Array.from({ length: count }, (_, k) => demoJobImage(studioIndex * 3 + jobIndex * 2 + k));
};

/** Word lists the benchmark seeder combines into realistic studio names and cities. */
export const BENCH_WORDS = {
  first: [
    'Silver', 'Golden', 'Crimson', 'Velvet', 'Monsoon', 'Saffron', 'Indigo', 'Lotus', 'Coral', 'Amber',
    'Ivory', 'Scarlet', 'Emerald', 'Sapphire', 'Marigold', 'Jasmine', 'Peacock', 'Banyan', 'Cedar', 'Maple',
    'Harbour', 'Desert', 'River', 'Mountain', 'Coastal', 'Urban', 'Midnight', 'Sunrise', 'Twilight', 'Starlight',
    'Royal', 'Liberty', 'Heritage', 'Evergreen', 'Northern', 'Southern', 'Eastern', 'Western', 'Blue Hour', 'Open Air',
  ],
  second: [
    'Reel', 'Frame', 'Lens', 'Stage', 'Screen', 'Light', 'Story', 'Sound', 'Voice', 'Motion',
    'Pixel', 'Canvas', 'Spotlight', 'Curtain', 'Echo', 'Rhythm', 'Script', 'Shutter', 'Studio Nine', 'Backlot',
    'Talkies', 'Picture', 'Vision', 'Horizon', 'Mirror',
  ],
  third: [
    'Studios', 'Films', 'Pictures', 'Productions', 'Casting', 'Media', 'Entertainment', 'Creatives', 'Collective',
    'Talent Agency', 'Theatre Company', 'Music House',
  ],
  cities: [
    'Mumbai, Maharashtra', 'Pune, Maharashtra', 'Nagpur, Maharashtra', 'New Delhi, Delhi', 'Gurugram, Haryana',
    'Noida, Uttar Pradesh', 'Lucknow, Uttar Pradesh', 'Varanasi, Uttar Pradesh', 'Jaipur, Rajasthan', 'Udaipur, Rajasthan',
    'Ahmedabad, Gujarat', 'Surat, Gujarat', 'Vadodara, Gujarat', 'Bengaluru, Karnataka', 'Mysuru, Karnataka',
    'Mangaluru, Karnataka', 'Chennai, Tamil Nadu', 'Coimbatore, Tamil Nadu', 'Madurai, Tamil Nadu', 'Hyderabad, Telangana',
    'Warangal, Telangana', 'Visakhapatnam, Andhra Pradesh', 'Vijayawada, Andhra Pradesh', 'Kochi, Kerala',
    'Thiruvananthapuram, Kerala', 'Kozhikode, Kerala', 'Kolkata, West Bengal', 'Siliguri, West Bengal', 'Bhubaneswar, Odisha',
    'Guwahati, Assam', 'Shillong, Meghalaya', 'Patna, Bihar', 'Ranchi, Jharkhand', 'Raipur, Chhattisgarh',
    'Bhopal, Madhya Pradesh', 'Indore, Madhya Pradesh', 'Chandigarh', 'Amritsar, Punjab', 'Ludhiana, Punjab',
    'Dehradun, Uttarakhand', 'Shimla, Himachal Pradesh', 'Srinagar, Jammu and Kashmir', 'Panaji, Goa',
    'London, United Kingdom', 'Toronto, Canada', 'Los Angeles, United States', 'New York, United States', 'Singapore',
    'Dubai, United Arab Emirates', 'Sydney, Australia',
  ],
} as const;
