import type { FastifyBaseLogger } from 'fastify';
import type { FileStorage } from '#server/storage/file-storage';
import type { UsersRepository } from './users-repository.ts';

export interface PhotoCleanupDeps {
  users: UsersRepository;
  fileStorage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * better-auth's `user.update.after` database hook: once a write leaves user.image pointing somewhere
 * other than the photo the user uploaded (update-user with `image: null` or another address), that
 * file is forgotten and deleted, so a removed photo stops being public. A failure is logged only: the
 * user's own change has already been made.
 */
export function removeHiddenPhoto({ users, fileStorage, log }: PhotoCleanupDeps) {
  return async (updated: unknown): Promise<void> => {
    const id = (updated as { id?: unknown } | null)?.id;
    if (typeof id !== 'string') return; // an updateMany reports a count, not a user
    try {
      const key = await users.forgetHiddenPhoto(id);
      if (key) await fileStorage.remove(key);
    } catch (err) {
      log.warn({ err }, 'removed photo not deleted');
    }
  };
}
