import type { User } from '#shared/user';
import { apiRequest } from './api-client.ts';

/** The server accepts these image types up to 2 MB (docs/auth.md, "Profiles and photos"). */
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Why the server would refuse this file as a profile photo, before it is sent; undefined when it would not. */
export function photoError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!PHOTO_TYPES.includes(file.type)) return 'Photo must be a PNG, JPEG, WebP or GIF image';
  if (file.size > PHOTO_MAX_BYTES) return 'Photo must be at most 2 MB';
  return undefined;
}

/** PUT /api/users/:uid/photo, multipart field `photo`: the new profile photo; answers the updated user. */
export async function uploadUserPhoto({ uid, photo }: { uid: string; photo: File }): Promise<User> {
  const form = new FormData();
  form.append('photo', photo);
  const { data } = await apiRequest<{ user: User }>(`/users/${encodeURIComponent(uid)}/photo`, {
    method: 'PUT',
    body: form,
  });
  return data.user;
}
