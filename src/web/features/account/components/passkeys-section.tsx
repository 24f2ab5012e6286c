import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint, Loader2, Pencil, Plus } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passkeyNameSchema } from '#shared/credential-schemas';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useAddPasskey } from '#web/features/account/api/add-passkey.ts';
import { readableError } from '#web/features/account/api/auth-call.ts';
import { useDeletePasskey, useRenamePasskey } from '#web/features/account/api/change-passkey.ts';
import { type PasskeySummary, usePasskeys } from '#web/features/account/api/list-passkeys.ts';
import { notify } from '#web/lib/notify.ts';
import { AccountSection } from './account-section.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const noSubscription = () => () => {};
/** WebAuthn exists only in a secure context (https, or localhost) of a browser that has it. */
const passkeysAvailable = () => typeof window.PublicKeyCredential === 'function';

const nameForm = z.object({ name: passkeyNameSchema });
type NameValues = z.input<typeof nameForm>;

const passkeyLabel = (passkey: PasskeySummary) => passkey.name ?? 'Passkey';

/** Passkeys as a second way to sign in beside the password: add one, see them, rename or remove one. */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const available = useSyncExternalStore(noSubscription, passkeysAvailable, () => true);

  return (
    <AccountSection
      id="passkeys"
      title="Passkeys"
      icon={Fingerprint}
      description="Sign in with your fingerprint, face or device PIN instead of your password."
    >
      <div className="grid gap-5">
        {available ? (
          <AddPasskeyForm />
        ) : (
          <p className="text-muted-foreground text-sm">
            This browser cannot use passkeys here. Passkeys need a secure address: https, or localhost.
          </p>
        )}
        {passkeys.isPending ? (
          <div className="grid gap-3" aria-busy="true">
            <Skeleton className="h-14 w-full" />
          </div>
        ) : passkeys.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {readableError(passkeys.error, 'Could not load your passkeys.')}
          </p>
        ) : passkeys.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">No passkeys yet.</p>
        ) : (
          <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Passkeys">
            {passkeys.data.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} />
            ))}
          </ul>
        )}
      </div>
    </AccountSection>
  );
}

function AddPasskeyForm() {
  const add = useAddPasskey();
  const form = useForm<NameValues>({ resolver: zodResolver(nameForm), defaultValues: { name: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ name }) => {
    add.mutate(name, {
      onSuccess: () => {
        form.reset();
        notify.success(`Passkey “${name}” added`);
      },
      onError: (error) =>
        form.setError('root', {
          message: readableError(error, 'Could not add the passkey. Please try again.'),
        }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Add a passkey" className="grid gap-3">
      <TextField
        id="passkey-name"
        label="Passkey name"
        placeholder="e.g. Work laptop"
        autoComplete="off"
        error={errors.name?.message}
        registration={form.register('name')}
      />
      {errors.root?.message ? (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
          {errors.root.message}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" disabled={add.isPending}>
          {add.isPending ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <Plus className="size-4" aria-hidden />
          )}
          Add a passkey
        </Button>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const remove = useDeletePasskey();
  const [confirming, setConfirming] = useState(false);
  const [renaming, setRenaming] = useState(false);
  const label = passkeyLabel(passkey);

  function confirmRemove() {
    remove.mutate(passkey.id, {
      onSuccess: () => notify.success(`Removed “${label}”`),
      onError: (error) => notify.error(readableError(error, 'Could not remove the passkey.')),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <Fingerprint className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      {renaming ? (
        <RenamePasskeyForm passkey={passkey} onClose={() => setRenaming(false)} />
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="break-all font-medium text-sm">{label}</p>
            <p className="text-muted-foreground text-xs">
              {passkey.createdAt ? `Added ${dateFormat.format(passkey.createdAt)} · ` : ''}
              {passkey.deviceType === 'multiDevice' ? 'Synced across devices' : 'On one device'}
            </p>
          </div>
          <Button variant="ghost" size="sm" aria-label={`Rename ${label}`} onClick={() => setRenaming(true)}>
            <Pencil className="size-4" aria-hidden />
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${label}`}
            disabled={remove.isPending}
            onClick={() => setConfirming(true)}
          >
            Remove
          </Button>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove “${label}”?`}
        description="You will no longer be able to sign in with this passkey. Your password and other sign-in methods stay."
        confirmLabel="Remove passkey"
        pending={remove.isPending}
        onConfirm={confirmRemove}
      />
    </li>
  );
}

function RenamePasskeyForm({ passkey, onClose }: { passkey: PasskeySummary; onClose: () => void }) {
  const rename = useRenamePasskey();
  const form = useForm<NameValues>({
    resolver: zodResolver(nameForm),
    defaultValues: { name: passkey.name ?? '' },
  });
  const { errors } = form.formState;
  const fieldId = `passkey-rename-${passkey.id}`;

  const onSubmit = form.handleSubmit(({ name }) => {
    rename.mutate(
      { id: passkey.id, name },
      {
        onSuccess: onClose,
        onError: (error) =>
          form.setError('name', { message: readableError(error, 'Could not rename the passkey.') }),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Rename ${passkeyLabel(passkey)}`}
      className="flex min-w-0 flex-1 flex-wrap items-start gap-2"
    >
      <div className="min-w-0 flex-1">
        <TextField
          id={fieldId}
          label="New name"
          autoComplete="off"
          error={errors.name?.message}
          registration={form.register('name')}
        />
      </div>
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
