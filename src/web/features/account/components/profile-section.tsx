import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Loader2, UserRound } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { signUpSchema } from '#shared/auth-schemas';
import { DEFAULT_AVATAR, type User } from '#shared/user';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useUpdateDisplayName } from '#web/features/account/api/update-display-name.ts';
import { useUploadProfilePhoto } from '#web/features/account/api/upload-profile-photo.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { PHOTO_TYPES, photoError } from '#web/lib/user-photo.ts';

/** The display name follows the sign-up username rules (docs/product.md §5). */
const nameForm = z.object({ name: signUpSchema.shape.username });
type NameForm = z.infer<typeof nameForm>;

interface ProfileSectionProps {
  user: User;
  /** Reads the user again, so the header and the sidebar show the change at once. */
  onUserChanged: () => Promise<void> | void;
}

/** Display name and photo (docs/product.md §7: the profile update). */
export function ProfileSection({ user, onUserChanged }: ProfileSectionProps) {
  return (
    <SectionCard
      id="profile"
      title="Profile"
      icon={UserRound}
      description="Your name and photo, as they appear in the header and on your chats."
    >
      <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-start">
        <PhotoControl user={user} onUserChanged={onUserChanged} />
        <NameControl user={user} onUserChanged={onUserChanged} />
      </div>
    </SectionCard>
  );
}

function PhotoControl({ user, onUserChanged }: ProfileSectionProps) {
  const upload = useUploadProfilePhoto();
  const inputId = useId();
  const hintId = useId();

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = photoError(file);
    if (problem) {
      notify.error(problem);
      return;
    }
    upload.mutate(
      { uid: user.uid, photo: file },
      {
        onSuccess: async () => {
          await onUserChanged();
          notify.success('Photo updated');
        },
        onError: (error) => {
          console.error('Photo upload failed', error);
          notify.error(
            error instanceof Error && error.message ? error.message : 'Could not upload your photo.',
          );
        },
      },
    );
  }

  return (
    <div className="flex items-center gap-4 sm:flex-col sm:items-center sm:gap-3">
      <div className="relative">
        <img
          src={user.photoURL || DEFAULT_AVATAR}
          alt={user.displayName}
          referrerPolicy="no-referrer"
          className="size-20 rounded-full bg-muted object-cover ring-1 ring-border sm:size-24"
        />
        {upload.isPending ? (
          <span className="absolute inset-0 grid place-items-center rounded-full bg-background/70">
            <Loader2 className="size-6 animate-spin text-primary" aria-hidden />
            <span className="sr-only" role="status">
              Uploading your photo…
            </span>
          </span>
        ) : null}
      </div>
      <div className="grid gap-1 sm:justify-items-center">
        <label
          htmlFor={inputId}
          className="relative inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg border border-border px-3 font-medium text-sm transition-colors hover:bg-muted has-focus-visible:ring-2 has-focus-visible:ring-ring has-disabled:cursor-not-allowed has-disabled:opacity-50"
        >
          <ImagePlus className="size-4" aria-hidden />
          Change photo
          <input
            id={inputId}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            disabled={upload.isPending}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <p id={hintId} className="text-muted-foreground text-xs sm:text-center">
          PNG, JPEG, WebP or GIF, up to 2 MB
        </p>
      </div>
    </div>
  );
}

function NameControl({ user, onUserChanged }: ProfileSectionProps) {
  const update = useUpdateDisplayName();
  const form = useForm<NameForm>({ resolver: zodResolver(nameForm), values: { name: user.displayName } });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit(({ name }) => {
    update.mutate(name, {
      onSuccess: async () => {
        await onUserChanged();
        notify.success('Name updated');
      },
      onError: (error) => {
        console.error('Profile update failed', error);
        notify.error(readableError(error, 'Could not change your name. Please try again.'));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3" aria-label="Change display name">
      <TextField
        id="account-name"
        label="Display name"
        error={errors.name?.message}
        autoComplete="username"
        disabled={update.isPending}
        registration={form.register('name')}
      />
      {user.email ? (
        <p className="text-muted-foreground text-sm">
          Signed in as <span className="font-medium text-foreground">{user.email}</span>
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          {update.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Save name
        </Button>
      </div>
    </form>
  );
}
