import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown, KeyRound, Plus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { API_KEY_EXPIRY_CHOICES, apiKeyNameSchema } from '#shared/credential-schemas';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { FormAlert } from '#web/components/ui/form-alert.tsx';
import { PendingButton } from '#web/components/ui/pending-button.tsx';
import { TextField } from '#web/components/ui/text-field.tsx';
import { type CreatedApiKey, useCreateApiKey } from '#web/features/account/api/create-api-key.ts';
import { type ApiKeySummary, useApiKeys } from '#web/features/account/api/list-api-keys.ts';
import { useRevokeApiKey } from '#web/features/account/api/revoke-api-key.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { cn } from '#web/lib/cn.ts';
import { notify } from '#web/lib/notify.ts';
import { ConfirmedRemove, CredentialList, CredentialRow } from './credential-list.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

const EXPIRY_LABELS = new Map<number | null, string>([
  [7, '7 days'],
  [30, '30 days'],
  [90, '90 days'],
  [365, '1 year'],
  [null, 'Never'],
]);
const expiryValue = (days: number | null) => (days === null ? 'never' : String(days));

const newKeySchema = z.object({
  name: apiKeyNameSchema,
  expiry: z.enum(API_KEY_EXPIRY_CHOICES.map(expiryValue) as [string, ...string[]]),
});
type NewKeyValues = z.input<typeof newKeySchema>;

/**
 * Personal API keys for scripts and editors: create one with a name and an expiry (its whole key shown
 * once, with a copy button), see them listed (name, first characters, created, expires, last used),
 * revoke one after a confirmation.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <SectionCard
      id="api-keys"
      title="API keys"
      icon={KeyRound}
      description={
        <>
          Let scripts and editors call the Draftsmith API as you: send a key as{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code> or{' '}
          <code className="text-xs">x-api-key</code>. Their generations count against your plan.
        </>
      }
    >
      <div className="grid gap-5">
        <NewKeyForm onCreated={setCreated} />
        {created ? <NewKeyNotice created={created} onDone={() => setCreated(null)} /> : null}
        <CredentialList
          query={keys}
          label="API keys"
          loadError="Could not load your API keys."
          empty="No API keys yet."
        >
          {(key) => <ApiKeyRow apiKey={key} />}
        </CredentialList>
      </div>
    </SectionCard>
  );
}

function NewKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const create = useCreateApiKey();
  const form = useForm<NewKeyValues>({
    resolver: zodResolver(newKeySchema),
    defaultValues: { name: '', expiry: '90' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ name, expiry }) => {
    const expiresInDays = expiry === 'never' ? null : Number(expiry);
    create.mutate(
      { name, expiresInDays },
      {
        onSuccess: (key) => {
          form.reset();
          onCreated(key);
        },
        onError: (error) =>
          form.setError('root', {
            message: readableError(error, 'Could not create the key. Please try again.'),
          }),
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="New API key" className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
        <TextField
          id="api-key-name"
          label="Key name"
          placeholder="e.g. Editor plug-in"
          autoComplete="off"
          error={errors.name?.message}
          registration={form.register('name')}
        />
        <div className="grid gap-1.5">
          <label htmlFor="api-key-expiry" className="font-medium text-sm">
            Expires after
          </label>
          <div className="relative">
            <select
              id="api-key-expiry"
              {...form.register('expiry')}
              className={cn(
                'h-11 w-full appearance-none rounded-lg border border-border bg-background pr-9 pl-3 text-sm text-foreground shadow-xs transition-colors sm:w-36',
                'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30',
              )}
            >
              {API_KEY_EXPIRY_CHOICES.map((days) => (
                <option key={expiryValue(days)} value={expiryValue(days)}>
                  {EXPIRY_LABELS.get(days)}
                </option>
              ))}
            </select>
            <ChevronDown
              className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
          </div>
        </div>
      </div>
      <FormAlert message={errors.root?.message} />
      <div>
        <PendingButton type="submit" size="sm" pending={create.isPending} icon={Plus}>
          Create key
        </PendingButton>
      </div>
    </form>
  );
}

/** The new key, this once: copy it now, it is never shown again. */
function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div
      role="status"
      aria-label="New API key"
      className="grid gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
    >
      <p className="flex items-start gap-2 font-medium text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
        Copy your new key “{created.name}” now. You will not see it again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code
          data-testid="new-api-key"
          className="min-w-0 flex-1 break-all rounded-lg border border-border bg-background px-3 py-2 font-mono text-xs"
        >
          {created.key}
        </code>
        <CopyButton text={created.key} label="Copy API key" />
      </div>
      <div>
        <Button variant="outline" size="sm" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </div>
  );
}

function ApiKeyRow({ apiKey }: { apiKey: ApiKeySummary }) {
  const revoke = useRevokeApiKey();
  const expired = apiKey.expiresAt !== null && apiKey.expiresAt.getTime() <= Date.now();

  function confirmRevoke(done: () => void) {
    revoke.mutate(apiKey.id, {
      onSuccess: () => notify.success(`Revoked “${apiKey.name}”`),
      onError: (error) => notify.error(readableError(error, 'Could not revoke the key. Please try again.')),
      onSettled: done,
    });
  }

  return (
    <CredentialRow icon={KeyRound}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
          <span className="break-all">{apiKey.name}</span>
          {apiKey.start ? (
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-muted-foreground text-xs">
              {apiKey.start}…
            </code>
          ) : null}
        </p>
        <p className="text-muted-foreground text-xs">
          Created {dateFormat.format(apiKey.createdAt)} ·{' '}
          {apiKey.expiresAt
            ? `${expired ? 'Expired' : 'Expires'} ${dateFormat.format(apiKey.expiresAt)}`
            : 'Never expires'}{' '}
          · {apiKey.lastUsedAt ? `Last used ${dateFormat.format(apiKey.lastUsedAt)}` : 'Never used'}
        </p>
      </div>
      <ConfirmedRemove
        label="Revoke"
        ariaLabel={`Revoke ${apiKey.name}`}
        title={`Revoke “${apiKey.name}”?`}
        description="Scripts and editors using this key stop working at once. This cannot be undone."
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </CredentialRow>
  );
}
