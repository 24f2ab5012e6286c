import { randomUUID } from 'node:crypto';
import type { FakeReply } from '#tests/fakes/openai-server';

/** A marker unique to one test; put it in the tool input so the scripted reply answers it. */
export function newMarker(): string {
  return `e2e-${randomUUID().slice(0, 12)}`;
}

/**
 * Scripts the fake model's reply for every request whose prompt contains `marker`; `first`, when given,
 * answers the next requests in order before it (several drafts written in one generation).
 */
export async function scriptReply(marker: string, reply: FakeReply, first: FakeReply[] = []): Promise<void> {
  const url = process.env.E2E_AI_CONTROL_URL;
  if (!url) throw new Error('E2E_AI_CONTROL_URL is not set: the AI router did not start in global setup');
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ marker, reply, first }),
  });
  if (response.status !== 204) throw new Error(`Scripting the fake model failed (${response.status})`);
}
