import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { TestUser } from './user.ts';

export interface ChatOverrides {
  service?: string;
  title?: string;
  /** The request, then the answer (a chat as a client saves it: no ids, no versions). */
  prompt?: string;
  answer?: string;
}

/** Saves a chat for `user` through POST /api/history (201 expected); its id and creation time. */
export async function saveChat(
  app: FastifyInstance,
  user: TestUser,
  {
    service = 'article-generator',
    title = 'A saved chat',
    prompt = title,
    answer = 'The answer.',
  }: ChatOverrides = {},
): Promise<{ id: string; createdAt: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/history',
    headers: user.headers,
    payload: {
      uid: user.uid,
      service,
      title,
      messages: [
        { role: 'user', content: prompt },
        { role: 'assistant', content: answer },
      ],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().history as { id: string; createdAt: string };
}
