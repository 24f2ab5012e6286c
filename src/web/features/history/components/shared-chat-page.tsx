import { Link2Off, MessageSquare, Sparkles, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { formatToolName } from '#shared/tools';
import { Logo } from '#web/components/layout/logo.tsx';
import { preloadMarkdown } from '#web/components/markdown/lazy-markdown.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useSharedChat } from '#web/features/history/api/get-shared-chat.ts';
import { SavedMarkdown } from './saved-markdown.tsx';

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'long' });

/**
 * `/share/:token`: a chat someone shared, read-only, for anyone with the link (docs/product.md §3), as
 * the owner sees it: the first request and the answers in the same safe markdown as the app, follow-ups
 * as plain text, and nothing else of the owner's: no sidebar, no account. Not listed by search engines.
 */
export function SharedChatPage({ token }: { token: string }) {
  const chat = useSharedChat(token);
  useEffect(preloadMarkdown, []);
  // Kept out of search engines here too when the page was reached inside the app (the server's page
  // for /share/* carries the same tag and header).
  useEffect(() => {
    const tag = document.createElement('meta');
    tag.name = 'robots';
    tag.content = 'noindex, nofollow';
    document.head.append(tag);
    return () => tag.remove();
  }, []);
  return (
    <div className="min-h-screen bg-background">
      <PageMeta
        title={chat.data ? chat.data.title : 'Shared chat'}
        description="A chat shared from Draftsmith."
      />
      <header className="border-border border-b">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-3 px-4 sm:px-6">
          <Logo />
          <span className="text-muted-foreground text-sm">Shared chat</span>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-5 px-4 py-8 sm:px-6">
        {chat.isPending ? (
          <div className="grid gap-4" aria-busy="true">
            <span className="sr-only" role="status">
              Loading chat…
            </span>
            <Skeleton className="h-8 w-2/3" />
            <Skeleton shape="card" className="h-64 w-full" />
          </div>
        ) : chat.isError ? (
          <section className="grid justify-items-center gap-3 py-16 text-center" role="alert">
            <Link2Off className="size-8 text-muted-foreground" aria-hidden />
            <h1 className="font-semibold text-xl">This link does not work</h1>
            <p className="max-w-md text-muted-foreground text-sm">
              It does not exist, or its owner stopped sharing the chat or deleted it.
            </p>
          </section>
        ) : (
          <article className="grid grid-cols-[minmax(0,1fr)] gap-5">
            <div>
              <h1 className="break-words font-bold text-2xl tracking-tight">{chat.data.title}</h1>
              <p className="mt-1 text-muted-foreground text-sm">
                {formatToolName(chat.data.service)} · {dateFormat.format(new Date(chat.data.createdAt))}
              </p>
            </div>
            {chat.data.messages.map((message, index) =>
              message.role === 'user' ? (
                <section
                  // biome-ignore lint/suspicious/noArrayIndexKey: a shared chat is read once, in this order.
                  key={index}
                  aria-label={index === 0 ? 'Prompt' : 'Follow-up'}
                  className="rounded-2xl border border-border bg-muted/40 px-5 py-4"
                >
                  <h2 className="mb-2 flex items-center gap-2 font-semibold text-sm">
                    {index === 0 ? (
                      <MessageSquare className="size-4 text-muted-foreground" aria-hidden />
                    ) : (
                      <UserRound className="size-4 text-muted-foreground" aria-hidden />
                    )}
                    {index === 0 ? 'Prompt' : 'Follow-up'}
                  </h2>
                  {index === 0 ? (
                    <SavedMarkdown text={message.content} />
                  ) : (
                    <p className="whitespace-pre-wrap break-words text-sm">{message.content}</p>
                  )}
                </section>
              ) : (
                <section
                  // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                  key={index}
                  aria-label={index === 1 ? 'AI Output' : 'Answer'}
                  className="rounded-2xl border border-border bg-card shadow-xs"
                >
                  <h2 className="flex items-center gap-2 border-border border-b px-5 py-3 font-semibold text-sm">
                    <Sparkles className="size-4 text-primary" aria-hidden />
                    {index === 1 ? 'AI Output' : 'Answer'}
                  </h2>
                  <div className="px-5 py-5">
                    <SavedMarkdown text={message.content} />
                  </div>
                </section>
              ),
            )}
          </article>
        )}
      </main>
    </div>
  );
}
