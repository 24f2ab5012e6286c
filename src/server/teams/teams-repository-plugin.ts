import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTeamsRepository, type TeamsRepository } from './teams-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Teams: memberships, team plans, chats shared with a team (teams/teams-repository.ts). */
    teamsRepository: TeamsRepository;
  }
}

/** Decorates `app.teamsRepository` once, for the token route, the plan check and the team routes. */
export const teamsRepositoryPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('teamsRepository', createTeamsRepository(app.database.db));
  },
  { name: 'teams-repository' },
);
