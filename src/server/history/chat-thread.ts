import type { ChatMessage } from '#server/db/schema';
import type { ChatStatus } from '#shared/history';

/**
 * A chat's messages form a tree (docs/product.md §3): a follow-up is a child of the answer it follows,
 * a regenerated answer a sibling of the answer it replaces (another version of it), and an edited first
 * request a sibling of the first request (another version of the whole chat). The chat shows one path
 * through it, down to `history.current_message_id`. Messages are stored in the order they were made,
 * so siblings are in version order. Chats saved before versions existed have messages without ids: the
 * n-th gets the id `m<n>` and follows the one before it, so old chats read as one path.
 */
export interface ThreadMessage extends ChatMessage {
  id: string;
  parentId: string | null;
}

/** A message on the chat's path, with its place among its versions (1-based) and how many there are. */
export interface PathMessage extends ThreadMessage {
  version: number;
  versions: number;
}

export function threadMessages(messages: readonly ChatMessage[]): ThreadMessage[] {
  return messages.map((message, index) => ({
    ...message,
    id: message.id ?? `m${index}`,
    parentId: message.parentId !== undefined ? message.parentId : index === 0 ? null : `m${index - 1}`,
  }));
}

function childrenOf(nodes: readonly ThreadMessage[], parentId: string | null): ThreadMessage[] {
  return nodes.filter((node) => node.parentId === parentId);
}

/** The newest end of the branch below `node`: its newest child, that child's newest, and so on. */
function newestLeafUnder(nodes: readonly ThreadMessage[], node: ThreadMessage): ThreadMessage {
  let leaf = node;
  for (let child = childrenOf(nodes, leaf.id).at(-1); child; child = childrenOf(nodes, leaf.id).at(-1)) {
    leaf = child;
  }
  return leaf;
}

/**
 * The path the chat shows, from its first request down to `currentId` (a chat without one, or whose
 * current message is gone, shows its newest branch), each message with its version.
 */
export function chatPath(messages: readonly ChatMessage[], currentId: string | null): PathMessage[] {
  const nodes = threadMessages(messages);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const roots = childrenOf(nodes, null);
  const newestRoot = roots.at(-1);
  let leaf = currentId ? byId.get(currentId) : undefined;
  if (!leaf) leaf = newestRoot ? newestLeafUnder(nodes, newestRoot) : undefined;
  const path: ThreadMessage[] = [];
  for (let node = leaf; node; node = node.parentId === null ? undefined : byId.get(node.parentId)) {
    path.unshift(node);
  }
  return path.map((node) => {
    const siblings = childrenOf(nodes, node.parentId);
    return { ...node, version: siblings.indexOf(node) + 1, versions: siblings.length };
  });
}

/**
 * The current message after choosing version `version` of `messageId` (a message on the path): the
 * newest end of the chosen version's branch. Null when there is no such message or version.
 */
export function chooseVersion(
  messages: readonly ChatMessage[],
  currentId: string | null,
  messageId: string,
  version: number,
): string | null {
  const onPath = chatPath(messages, currentId).find((message) => message.id === messageId);
  if (!onPath) return null;
  const nodes = threadMessages(messages);
  const chosen = childrenOf(nodes, onPath.parentId)[version - 1];
  return chosen ? newestLeafUnder(nodes, chosen).id : null;
}

/** The status of the answer the path ends with ('complete' for a path that ends with a request). */
export function pathStatus(path: readonly PathMessage[]): ChatStatus {
  const last = path.at(-1);
  return last?.role === 'assistant' && last.status === 'stopped' ? 'stopped' : 'complete';
}
