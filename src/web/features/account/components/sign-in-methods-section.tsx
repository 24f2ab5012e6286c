import { Link2, Loader2, LockKeyhole, Mail, Unlink } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { User } from '#shared/user';
import { GithubIcon, GoogleIcon } from '#web/components/icons/brand-icons.tsx';
import { SectionCard } from '#web/components/section-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import {
  type SignInMethod,
  useLinkSocialAccount,
  useSignInMethods,
  useUnlinkSignInMethod,
} from '#web/features/account/api/sign-in-methods.ts';
import { linkResult, providerLabel } from '#web/features/account/lib/link-result.ts';
import { readableError } from '#web/lib/auth-call.ts';
import { notify } from '#web/lib/notify.ts';
import { useServerConfig } from '#web/lib/server-config.ts';

const PROVIDERS = [
  { id: 'google', Icon: GoogleIcon },
  { id: 'github', Icon: GithubIcon },
] as const;
type ProviderId = (typeof PROVIDERS)[number]['id'];

/**
 * The ways to sign in to this account: the password and linked Google or GitHub accounts. A provider
 * this server has can be linked; one can be unlinked while another way to sign in remains (the server
 * refuses to unlink the last one, whatever is asked).
 */
export function SignInMethodsSection({ user }: { user: User }) {
  const methods = useSignInMethods();
  const config = useServerConfig();
  const link = useLinkSocialAccount();
  const unlink = useUnlinkSignInMethod();
  const [unlinking, setUnlinking] = useState<SignInMethod | null>(null);
  const [linking, setLinking] = useState<ProviderId | null>(null);
  useLinkReturn();

  const list = methods.data ?? [];
  const canUnlink = list.length > 1;

  function startLink(provider: ProviderId) {
    setLinking(provider);
    link.mutate(
      { provider, email: user.email },
      {
        // better-auth's client goes to the provider's page itself; the page stays busy until it does.
        onError: (error) => {
          setLinking(null);
          notify.error(readableError(error, 'Could not start linking. Please try again.'));
        },
      },
    );
  }

  function confirmUnlink() {
    if (!unlinking) return;
    const label = providerLabel(unlinking.providerId);
    unlink.mutate(unlinking.id, {
      onSuccess: () => notify.success(`${label} unlinked`),
      onError: (error) => notify.error(readableError(error, 'Could not unlink that sign-in method.')),
      onSettled: () => setUnlinking(null),
    });
  }

  return (
    <SectionCard
      id="sign-in-methods"
      title="Sign-in methods"
      icon={LockKeyhole}
      description="Link Google or GitHub to sign in with them too. One way to sign in always stays."
    >
      {methods.isPending || config.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : methods.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {readableError(methods.error, 'Could not load your sign-in methods.')}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Sign-in methods">
          {list
            .filter((m) => m.providerId === 'credential')
            .map((m) => (
              <MethodRow key={m.id} icon={<Mail className="size-5 text-muted-foreground" aria-hidden />}>
                <MethodName label={providerLabel(m.providerId)} detail={user.email} />
              </MethodRow>
            ))}
          {PROVIDERS.map(({ id, Icon }) => {
            const linked = list.find((m) => m.providerId === id);
            const available = config.data?.socialProviders[id] === true;
            if (!linked && !available) return null;
            const label = providerLabel(id);
            return (
              <MethodRow key={id} icon={<Icon className="size-5" />}>
                <MethodName
                  label={label}
                  detail={linked ? `Linked ${linked.createdAt.toLocaleDateString()}` : 'Not linked'}
                />
                {linked ? (
                  canUnlink ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => setUnlinking(linked)}
                      aria-label={`Unlink ${label}`}
                    >
                      <Unlink className="size-4" aria-hidden />
                      Unlink
                    </Button>
                  ) : (
                    <span className="text-muted-foreground text-xs">Your only way to sign in</span>
                  )
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={linking !== null}
                    onClick={() => startLink(id)}
                    aria-label={`Link ${label}`}
                  >
                    {linking === id ? (
                      <Loader2 className="size-4 animate-spin" aria-hidden />
                    ) : (
                      <Link2 className="size-4" aria-hidden />
                    )}
                    Link
                  </Button>
                )}
              </MethodRow>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={unlinking !== null}
        onOpenChange={(open) => {
          if (!open) setUnlinking(null);
        }}
        title={`Unlink ${unlinking ? providerLabel(unlinking.providerId) : ''}?`}
        description="You will no longer be able to sign in with it. You can link it again later."
        confirmLabel="Unlink"
        pending={unlink.isPending}
        onConfirm={confirmUnlink}
      />
    </SectionCard>
  );
}

function MethodRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
      <span className="grid size-5 shrink-0 place-items-center">{icon}</span>
      {children}
    </li>
  );
}

function MethodName({ label, detail }: { label: string; detail: string }) {
  return (
    <div className="min-w-0 flex-1">
      <p className="font-medium text-sm">{label}</p>
      <p className="truncate text-muted-foreground text-xs">{detail}</p>
    </div>
  );
}

/** Back from the provider (/account?linked=… or ?error=…): say how it went once, then tidy the address. */
function useLinkReturn() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const result = linkResult(params);
    if (!result) return;
    if (result.kind === 'success') notify.success(result.message);
    else notify.error(result.message);
    setParams(
      (current) => {
        current.delete('linked');
        current.delete('error');
        current.delete('error_description');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);
}
