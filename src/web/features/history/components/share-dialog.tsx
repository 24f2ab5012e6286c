import { Link2, Loader2, Share2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { useChatShare, useShareChat, useUnshareChat } from '#web/features/history/api/chat-share.ts';
import { notify } from '#web/lib/notify.ts';

/**
 * Share a chat by a public read-only link (docs/product.md §3): make it, copy it, or stop sharing,
 * after which the link stops working at once.
 */
export function ShareDialog({ chatId }: { chatId: string }) {
  const [open, setOpen] = useState(false);
  const share = useChatShare(chatId, open);
  const create = useShareChat(chatId);
  const revoke = useUnshareChat(chatId);
  const link = share.data ? new URL(share.data.url, window.location.origin).href : null;
  const failed = (what: string) => (error: unknown) =>
    notify.error(`Could not ${what}`, {
      description: error instanceof Error && error.message ? error.message : 'Please try again.',
    });

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="ghost" size="sm" className="text-muted-foreground">
          <Share2 className="size-3.5" aria-hidden />
          Share
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-border bg-card p-6 text-foreground shadow-2xl data-[state=open]:animate-fade-in">
          <Dialog.Title className="font-semibold text-lg">Share this chat</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground text-sm">
            Anyone with the link can read this chat’s requests and answers, without signing in. Nothing else
            of your account is shown, and search engines are asked not to list it.
          </Dialog.Description>
          <div className="mt-5 grid gap-3">
            {share.isPending ? (
              <p className="inline-flex items-center gap-2 text-muted-foreground text-sm" role="status">
                <Loader2 className="size-4 animate-spin" aria-hidden />
                Loading…
              </p>
            ) : link ? (
              <>
                <div className="flex items-center gap-2">
                  <label htmlFor="share-link" className="sr-only">
                    Link to this chat
                  </label>
                  <input
                    id="share-link"
                    readOnly
                    value={link}
                    onFocus={(event) => event.currentTarget.select()}
                    className="h-9 min-w-0 flex-1 rounded-md border border-border bg-muted/40 px-3 font-mono text-xs"
                  />
                  <CopyButton text={link} label="Copy link" />
                </div>
                <div className="flex justify-between gap-2">
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(undefined, { onError: failed('stop sharing') })}
                  >
                    {revoke.isPending ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : null}
                    Stop sharing
                  </Button>
                  <Dialog.Close asChild>
                    <Button size="sm">Done</Button>
                  </Dialog.Close>
                </div>
              </>
            ) : (
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="outline" size="sm">
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button
                  size="sm"
                  disabled={create.isPending || share.isError}
                  onClick={() => create.mutate(undefined, { onError: failed('create the link') })}
                >
                  {create.isPending ? (
                    <Loader2 className="size-3.5 animate-spin" aria-hidden />
                  ) : (
                    <Link2 className="size-3.5" aria-hidden />
                  )}
                  Create link
                </Button>
              </div>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
