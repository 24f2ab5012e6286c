import { useMutation } from '@tanstack/react-query';
import type { User } from '#shared/user';
import { apiRequest } from '#web/lib/api-client.ts';

/** PUT /api/users/:uid/photo, multipart field `photo`: the new profile photo. */
export async function uploadProfilePhoto({ uid, photo }: { uid: string; photo: File }): Promise<User> {
  const form = new FormData();
  form.append('photo', photo);
  const { data } = await apiRequest<{ user: User }>(`/users/${encodeURIComponent(uid)}/photo`, {
    method: 'PUT',
    body: form,
  });
  return data.user;
}

export const useUploadProfilePhoto = () => useMutation({ mutationFn: uploadProfilePhoto });
