import { useParams } from 'react-router';
import { QueryProvider } from '#web/app/query-provider.tsx';
import { SharedChatPage } from '#web/features/history/components/shared-chat-page.tsx';

/** /share/:token: a shared chat, public (docs/product.md §3). */
export function ShareRoute() {
  const { token = '' } = useParams();
  return (
    <QueryProvider>
      <SharedChatPage token={token} />
    </QueryProvider>
  );
}
