import { useMutation } from '@tanstack/react-query';
import { uploadUserPhoto } from '#web/lib/user-photo.ts';

/** The account page's photo change (PUT /api/users/:uid/photo). */
export const useUploadProfilePhoto = () => useMutation({ mutationFn: uploadUserPhoto });
