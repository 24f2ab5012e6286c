import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_EVENTS,
  CREDENTIAL_KINDS,
  type CredentialEvent,
  epochHolds,
  type Fate,
  isFreshSession,
  sessionEpoch,
  WHAT_EACH_EVENT_ENDS,
} from './credential-epochs.ts';

/** SECURITY.md's "What ends a credential" table, row by row: the event's words, then its cells. */
function securityTable(): Map<string, string[]> {
  const text = readFileSync(new URL('../../../SECURITY.md', import.meta.url), 'utf8');
  const start = text.indexOf('| event ');
  const rows = text.slice(start).split('\n');
  const table = new Map<string, string[]>();
  for (const row of rows.slice(2)) {
    if (!row.startsWith('|')) break;
    const [event = '', ...cells] = row
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    table.set(event, cells);
  }
  return table;
}

const ROW_OF: Record<CredentialEvent, string> = {
  password_reset: 'password reset',
  password_changed: 'password change',
  signed_out_elsewhere: 'sign out of all other sessions',
  signed_out_everywhere: 'sign out everywhere',
  disabled: 'disabled by an administrator',
};
const WORDS: Record<Fate, string> = { ends: 'end', others: 'others end', stays: 'stay' };

describe('credential epochs', () => {
  it('SECURITY.md says what each event ends, as the code does', () => {
    const table = securityTable();
    expect([...table.keys()]).toEqual(CREDENTIAL_EVENTS.map((event) => ROW_OF[event]));
    for (const event of CREDENTIAL_EVENTS) {
      const fate = WHAT_EACH_EVENT_ENDS[event];
      // Columns: sessions, access tokens (as their sessions), API keys, passkeys, reset links, invitations.
      expect(table.get(ROW_OF[event]), event).toEqual([
        WORDS[fate.sessions],
        WORDS[fate.sessions],
        WORDS[fate.apiKeys],
        WORDS[fate.passkeys],
        WORDS[fate.resetLinks],
        WORDS[fate.invitations],
      ]);
    }
    expect(CREDENTIAL_KINDS).toEqual(['sessions', 'apiKeys', 'passkeys', 'resetLinks', 'invitations']);
  });

  it('ends everything on the recovery path and on disabling', () => {
    for (const event of ['password_reset', 'disabled'] as const) {
      expect(Object.values(WHAT_EACH_EVENT_ENDS[event]).every((fate) => fate === 'ends')).toBe(true);
    }
    for (const event of CREDENTIAL_EVENTS) expect(WHAT_EACH_EVENT_ENDS[event].apiKeys).toBe('ends');
  });

  it('holds a credential while its epoch is not behind its account’s', () => {
    expect(epochHolds(3, 3)).toBe(true);
    expect(epochHolds(4, 3)).toBe(true); // a session moved on before its account (endCredentials)
    expect(epochHolds(2, 3)).toBe(false);
    expect(epochHolds(0, 1)).toBe(false); // never stamped
    expect(sessionEpoch({ createdAt: new Date() })).toBe(1); // kept by Redis from before epochs
    expect(sessionEpoch({ createdAt: new Date(), credentialEpoch: 7 })).toBe(7);
  });

  it('counts a session fresh from its sign-in or its last re-authentication', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    const minutesAgo = (m: number) => new Date(now - m * 60_000);
    const window = 10 * 60_000;
    expect(isFreshSession({ createdAt: minutesAgo(9) }, now, window)).toBe(true);
    expect(isFreshSession({ createdAt: minutesAgo(11) }, now, window)).toBe(false);
    expect(
      isFreshSession({ createdAt: minutesAgo(600), reauthenticatedAt: minutesAgo(2) }, now, window),
    ).toBe(true);
    expect(
      isFreshSession(
        { createdAt: minutesAgo(600), reauthenticatedAt: minutesAgo(20).toISOString() },
        now,
        window,
      ),
    ).toBe(false);
  });
});
