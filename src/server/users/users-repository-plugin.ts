import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createUsersRepository, type UsersRepository } from './users-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Users as the API shows them, every query keyed by the caller's own id. */
    usersRepository: UsersRepository;
  }
}

/** Decorates `app.usersRepository` once, for the user routes and better-auth's photo cleanup hook. */
export const usersRepositoryPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('usersRepository', createUsersRepository(app.database.db));
  },
  { name: 'users-repository' },
);
