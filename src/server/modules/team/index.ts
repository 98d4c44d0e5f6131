/** The casting office's public face: its routes (docs/team.md). */
export { teamRoutes } from './team.routes.js';
export { createTeamService } from './team.service.js';
export { actorOf } from './actor.js';
export { memberExport, teamSection } from './team.section.js';
