/** GET / PUT /api/audition/resume: the performer's own résumé (docs/resume.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resume, resumeBody, resumeProblem, resumeProblems, resumeRefusal } from '../../../contract/resume.js';
import type { ModuleOptions } from '../../context.js';
import { errors } from '../../errors.js';
import { createResumeService } from './resume.service.js';

export const resumeRoutes: FastifyPluginAsyncZod<ModuleOptions> = async (app, { ctx, auth }) => {
  const resumes = createResumeService(ctx);

  app.get('/api/audition/resume', { preHandler: auth.requirePerformer, schema: { response: { 200: resume } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-cache');
    return resumes.get(req.userId);
  });

  app.put(
    '/api/audition/resume',
    // The body is declared for /api/docs; its refusal is worded here, naming the entry
    // ("Credit 3: Role is required"), which the generic handler's first message does not.
    { preHandler: auth.requirePerformer, attachValidation: true, schema: { body: resumeBody, response: { 200: resume, 400: resumeRefusal } } },
    async (req) => {
      if (req.validationError) {
        const parsed = resumeBody.safeParse(req.body);
        if (parsed.success) throw errors.validation(req.validationError.message);
        // Beside { msg, code }, every problem at its field, so the editor shows them all at once.
        throw errors.validationEach(resumeProblem(parsed.error).msg, resumeProblems(parsed.error));
      }
      return resumes.save(req.userId, req.body);
    },
  );
};
