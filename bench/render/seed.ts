import { join } from 'node:path';
import { openDatabase } from '#server/db/client';
import { type ChatMessage, history } from '#server/db/schema';
import { TOOL_SLUGS, type ToolSlug } from '#shared/tools';
import { chatMessages, promptText } from './chat-content.ts';

export interface Account {
  uid: string;
  email: string;
  password: string;
}

/** Signs up as the sign-up form does (better-auth, then /api/jwt and /api/users for the profile). */
export async function signUp(url: string, name: string): Promise<Account> {
  const email = `${name}@example.test`;
  const password = 'Render$bench2024';
  const headers = { origin: url, 'content-type': 'application/json' };
  const signUpRes = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name, email, password }),
  });
  if (!signUpRes.ok) throw new Error(`sign-up: ${signUpRes.status} ${await signUpRes.text()}`);
  const { user } = (await signUpRes.json()) as { user: { id: string } };
  const cookie = signUpRes.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const jwt = await fetch(`${url}/api/jwt`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ email }),
  });
  if (!jwt.ok) throw new Error(`/api/jwt: ${jwt.status} ${await jwt.text()}`);
  const { token } = (await jwt.json()) as { token: string };
  const profile = await fetch(`${url}/api/users`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${token}` },
    body: JSON.stringify({ username: name }),
  });
  if (profile.status !== 201) throw new Error(`/api/users: ${profile.status} ${await profile.text()}`);
  return { uid: user.id, email, password };
}

export interface SeedChat {
  service: ToolSlug;
  title: string;
  messages: ChatMessage[];
}

/** `count` ordinary chats (a prompt and a ~2.5 KB answer each), the tools taken in turn or just `only`. */
export function ordinaryChats(count: number, only?: ToolSlug): SeedChat[] {
  return Array.from({ length: count }, (_, i) => ({
    service: only ?? TOOL_SLUGS[i % TOOL_SLUGS.length]!,
    title: promptText(i).slice(0, 100),
    messages: chatMessages(i),
  }));
}

/**
 * Writes each user's chats straight into the server's PGlite database (the server must be stopped: it
 * locks DATA_DIR), newest first: chats[0] is the newest, the others a second apart each.
 */
export async function writeChats(dataDir: string, seeds: { userId: string; chats: SeedChat[] }[]) {
  const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
  try {
    const newest = Date.now();
    for (const { userId, chats } of seeds) {
      const rows = chats.map((chat, i) => {
        const at = new Date(newest - i * 1000);
        return { ...chat, userId, status: 'complete', createdAt: at, updatedAt: at };
      });
      for (let i = 0; i < rows.length; i += 100) {
        await database.db.insert(history).values(rows.slice(i, i + 100));
      }
    }
  } finally {
    await database.close();
  }
}
