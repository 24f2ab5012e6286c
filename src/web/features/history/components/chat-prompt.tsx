import { useHistoryItem } from '#web/features/history/api/get-history-item.ts';
import { PromptSection } from './prompt-section.tsx';

/**
 * A saved chat's request as its chat view shows it (the collapsible 'Prompt', with the uploaded
 * document): above a fresh answer on the tool screen, so the question stays in view once the form gave
 * way (docs/product.md §2). Nothing while the chat loads or when it cannot be read: the answer stands alone.
 */
export function ChatPrompt({ chatId }: { chatId: string }) {
  const chat = useHistoryItem(chatId);
  if (!chat.data) return null;
  return <PromptSection prompt={chat.data.messages[0]?.content ?? ''} file={chat.data.file ?? null} />;
}
