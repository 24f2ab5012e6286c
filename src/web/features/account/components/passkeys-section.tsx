import { zodResolver } from '@hookform/resolvers/zod';
import { Fingerprint, Pencil, Plus } from 'lucide-react';
import { useState, useSyncExternalStore } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { passkeyNameSchema } from '#shared/credential-schemas';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { PendingButton } from '#web/components/ui/pending-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { useAddPasskey } from '#web/features/account/api/add-passkey.ts';
import { useDeletePasskey, useRenamePasskey } from '#web/features/account/api/change-passkey.ts';
import { type PasskeySummary, usePasskeys } from '#web/features/account/api/list-passkeys.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { ConfirmedRemove, CredentialList, CredentialRow } from './credential-list.tsx';

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
    <SectionCard
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
        <CredentialList
          query={passkeys}
          label="Passkeys"
          loadError="Could not load your passkeys."
          empty="No passkeys yet."
        >
          {(passkey) => <PasskeyRow passkey={passkey} />}
        </CredentialList>
      </div>
    </SectionCard>
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
      <FormAlert message={errors.root?.message} />
      <div>
        <PendingButton type="submit" size="sm" pending={add.isPending} icon={Plus}>
          Add a passkey
        </PendingButton>
      </div>
    </form>
  );
}

function PasskeyRow({ passkey }: { passkey: PasskeySummary }) {
  const remove = useDeletePasskey();
  const [renaming, setRenaming] = useState(false);
  const label = passkeyLabel(passkey);

  function confirmRemove(done: () => void) {
    remove.mutate(passkey.id, {
      onSuccess: () => notify.success(`Removed “${label}”`),
      onError: (error) => notify.error(readableError(error, 'Could not remove the passkey.')),
      onSettled: done,
    });
  }

  return (
    <CredentialRow icon={Fingerprint}>
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
          <ConfirmedRemove
            label="Remove"
            ariaLabel={`Remove ${label}`}
            title={`Remove “${label}”?`}
            description="You will no longer be able to sign in with this passkey. Your password and other sign-in methods stay."
            confirmLabel="Remove passkey"
            pending={remove.isPending}
            onConfirm={confirmRemove}
          />
        </>
      )}
    </CredentialRow>
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
        <PendingButton type="submit" size="sm" pending={rename.isPending}>
          Save
        </PendingButton>
        <Button type="button" variant="ghost" size="sm" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
