import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { isToolSlug, TOOLS } from '#shared/tools';
import { SectionCard } from '#web/components/section-card.tsx';
import { ToolIcon } from '#web/components/tool-icon.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useTeamChats } from '#web/features/teams/api/get-team-chats.ts';
import { LoadingPlaceholder } from './loading-placeholder.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * The chats members shared with the team, newest share first; each opens on its tool's page (read-only
 * for anyone but its author, whose follow-ups go on in their own copy).
 */
export function SharedChatsSection({ teamId }: { teamId: string }) {
  const chats = useTeamChats(teamId);
  return (
    <SectionCard
      id="shared-chats"
      title="Shared with the team"
      icon={MessagesSquare}
      description="Chats members shared with everyone in the team. Open one to read it or ask a follow-up."
    >
      {chats.isPending ? (
        <LoadingPlaceholder label="Loading the shared chats…" className="gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </LoadingPlaceholder>
      ) : chats.isError ? (
        <p role="alert" className="rounded-lg bg-destructive/10 px-3 py-2 text-destructive text-sm">
          Could not load the shared chats. {chats.error.message}
        </p>
      ) : chats.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          Nothing is shared yet. Open one of your chats and choose “Share with team”.
        </p>
      ) : (
        <ul
          aria-label="Chats shared with the team"
          className="divide-y divide-border rounded-xl border border-border"
        >
          {chats.data.map((chat) => (
            <li key={chat._id}>
              <Link
                to={`/services/${chat.service}`}
                state={{ chatId: chat._id }}
                className="flex items-start gap-3 px-4 py-3 transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
              >
                <span className="mt-0.5 grid size-8 shrink-0 place-items-center rounded-lg bg-accent text-primary">
                  {isToolSlug(chat.service) ? <ToolIcon slug={chat.service} className="size-4" /> : null}
                </span>
                <span className="grid min-w-0 gap-0.5">
                  <span className="truncate font-medium text-sm">{chat.title}</span>
                  <span className="text-muted-foreground text-xs">
                    {isToolSlug(chat.service) ? TOOLS[chat.service].name : chat.service} · Shared by{' '}
                    {chat.author.name} on {dateFormat.format(new Date(chat.sharedAt))}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
