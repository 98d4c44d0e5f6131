/**
 * The public portfolio (GET /api/talent/{id}): a public performer's profile and media for
 * anyone; a private one only for a studio the performer applied to, and for the performer.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Portfolio } from '../../../contract/talent.js';
import { withoutPrivateMeasurements, type Resume } from '../../../contract/resume.js';
import { TALENT_MSG } from '../../../contract/talent-messages.js';
import type { Role } from '../../../contract/jobs-limits.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { applications, jobs, performerResumes, studios, talentReviews, userMedia, users } from '../../db/schema/index.js';
import { errors } from '../../errors.js';
import { presentProfile } from '../profile/index.js';
import { readPictures, readResume, type PdfSubject } from '../resume/index.js';
import { isUuid } from '../../lib/uuid.js';
import { presentReview, visibleTo } from './talent.presenter.js';
import { heldSql } from '../guardians/index.js';
import { withPlayback } from '../media/index.js';

export interface Viewer {
  userId: string;
  role: Role | null;
}

/** The performer's row when the viewer may see it, else a 404 that says no more. */
export async function visiblePerformer(db: Db, performerId: string, viewer: Viewer | null) {
  if (!isUuid(performerId)) throw errors.notFound(TALENT_MSG.performerNotFound);
  const studioId = viewer?.role === 'studio' ? viewer.userId : null;
  const own = viewer?.role === 'performer' && viewer.userId === performerId;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, performerId), eq(users.role, 'performer'), own ? sql`true` : visibleTo(studioId)));
  if (!row) throw errors.notFound(TALENT_MSG.performerNotFound);
  return row;
}

/**
 * Whether the viewer may see chest, waist and hips (docs/resume.md, "Who sees measurements"):
 * the performer, any studio they applied to, or anyone when the performer shows them to everyone.
 */
async function mayMeasure(db: Db, performerId: string, viewer: Viewer | null, resume: Pick<Resume, 'measurementsPublic'>): Promise<boolean> {
  if (resume.measurementsPublic) return true;
  if (viewer?.role === 'performer') return viewer.userId === performerId;
  if (viewer?.role !== 'studio') return false;
  const [applied] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(studios, eq(studios.id, jobs.studioId))
    .where(and(eq(applications.performerId, performerId), eq(studios.ownerId, viewer.userId)))
    .limit(1);
  return applied !== undefined;
}

export function createPortfolioService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async get(performerId: string, viewer: Viewer | null): Promise<Portfolio> {
      const user = await visiblePerformer(db, performerId, viewer);
      const media = await db
        .select({ type: userMedia.mediaType, url: userMedia.url })
        .from(userMedia)
        .where(eq(userMedia.userId, user.id))
        .orderBy(asc(userMedia.createdAt), asc(userMedia.id));
      const [mine] =
        viewer?.role === 'studio'
          ? await db
              .select()
              .from(talentReviews)
              .where(and(eq(talentReviews.studioUserId, viewer.userId), eq(talentReviews.performerId, user.id)))
          : [];
      const of = (type: string) => media.filter((m) => m.type === type).map((m) => m.url);
      // The profile as its owner sees it, less what is theirs alone: contact details and plan.
      const { email: _email, number: _number, visibility: _visibility, subscriptionName: _plan, subscriptionPrice: _price, daysLeft: _days, ...shown } =
        presentProfile(user, { photos: of('photos'), videos: of('videos'), audios: of('audios') });
      const resume = await readResume(db, user.id);
      if (!resume) throw errors.notFound(TALENT_MSG.performerNotFound);
      const { height: _height, weight: _weight, measurementsPublic: _public, ...all } = resume;
      // Left out of the answer, not just hidden by the page.
      const shownResume = (await mayMeasure(db, user.id, viewer, resume)) ? all : withoutPrivateMeasurements(all);
      return {
        ...shown,
        // Defaults the performer never saved are not choices (docs/talent.md, "Stated, not defaulted").
        ...(user.profileStatedAt ? {} : { pronoun: '', gender: '', category: '' }),
        review: mine ? presentReview(mine) : null,
        resume: shownResume,
        videoPlayback: (await withPlayback(ctx, of('videos').map((url) => ({ url, type: 'videos' })))).map(({ type: _t, width: _w, height: _h, ...v }) => ({
          status: 'ready' as const,
          playbackUrl: null,
          posterUrl: null,
          durationS: null,
          reason: null,
          ...v,
        })),
      };
    },

    /**
     * What the comp card and résumé PDFs print (docs/resume.md), for exactly the viewers the
     * portfolio is for: anyone else gets the portfolio's 404.
     */
    /** What the PDFs are cached by (the row's version, bumped by every change they show), once the viewer may see them. */
    async pdfVersion(performerId: string, viewer: Viewer | null): Promise<{ id: string; version: number; fname: string; measured: boolean }> {
      const user = await visiblePerformer(db, performerId, viewer);
      const [row] = await db.select({ measurementsPublic: performerResumes.measurementsPublic }).from(performerResumes).where(eq(performerResumes.userId, user.id));
      const measured = await mayMeasure(db, user.id, viewer, { measurementsPublic: row?.measurementsPublic ?? false });
      return { id: user.id, version: user.version, fname: user.fname, measured };
    },

    async pdfSubject(performerId: string, viewer: Viewer | null, portfolioUrl: (id: string) => string): Promise<PdfSubject> {
      const user = await visiblePerformer(db, performerId, viewer);
      const photos = await db
        .select({ url: userMedia.url })
        .from(userMedia)
        .where(and(eq(userMedia.userId, user.id), eq(userMedia.mediaType, 'photos')))
        .orderBy(asc(userMedia.createdAt), asc(userMedia.id))
        .limit(4);
      const [[picture = null, ...pictures], resume] = await Promise.all([
        readPictures(ctx, [user.profilePic, ...photos.map((p) => p.url)]),
        readResume(db, user.id),
      ]);
      if (!resume) throw errors.notFound(TALENT_MSG.performerNotFound);
      const measured = await mayMeasure(db, user.id, viewer, resume);
      return {
        fname: user.fname,
        category: user.profileStatedAt ? user.category : '',
        location: user.location,
        age: user.age,
        height: user.height,
        weight: user.weight,
        hairColor: user.hairColor,
        eyeColor: user.eyeColor,
        picture,
        photos: pictures.filter((p): p is Buffer => p !== null),
        portfolioUrl: portfolioUrl(user.id),
        resume: measured ? resume : withoutPrivateMeasurements(resume),
      };
    },
  };
}

/** For the page's link preview: a public performer's name, profession, location and picture. */
export async function publicPreview(db: Db, performerId: string) {
  if (!isUuid(performerId)) return null;
  const [row] = await db
    .select({ fname: users.fname, category: sql<string>`case when ${users.profileStatedAt} is null then '' else ${users.category} end`, location: users.location, profilePic: users.profilePic })
    .from(users)
    .where(and(eq(users.id, performerId), eq(users.role, 'performer'), eq(users.visibility, 'public'), sql`not ${heldSql(users.id)}`));
  return row ?? null;
}
