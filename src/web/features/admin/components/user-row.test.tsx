import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '#shared/admin';
import { generationsThisMonth, premiumAccounts } from '#web/features/admin/lib/admin-format.ts';
import { initials, UserRow } from './user-row.tsx';

const periodEnd = '2026-06-01T00:00:00.000Z';
const user = (fields: Partial<AdminUser> = {}): AdminUser => ({
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada Lovelace',
  plan: 'starter',
  usage: { used: 7, limit: 100, periodEnd },
  createdAt: '2026-05-20T12:00:00.000Z',
  status: 'active',
  admin: false,
  ...fields,
});

const render = (row: AdminUser, self = false) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <table>
        <tbody>
          <UserRow user={row} self={self} onOwnAccountChanged={() => {}} />
        </tbody>
      </table>
    </QueryClientProvider>,
  );

describe('UserRow', () => {
  it('shows name, e-mail, the plan picked in its select, generations, creation date and status', () => {
    const html = render(user());
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('ada@example.com');
    expect(html).toMatch(/<select aria-label="Plan for Ada Lovelace"/);
    expect(html).toMatch(/<option value="starter" selected="">Starter<\/option>/);
    expect([...html.matchAll(/<option value="(\w+)"[^>]*>(\w+)</g)].map((m) => `${m[1]}:${m[2]}`)).toEqual([
      'free:Free',
      'starter:Starter',
      'pro:Pro',
      'enterprise:Enterprise',
    ]);
    expect(html).toContain('7 of 100');
    expect(html).toContain('<time dateTime="2026-05-20T12:00:00.000Z">May 20, 2026</time>');
    expect(html).toContain('>Active<');
    expect(html).toMatch(/aria-label="Disable Ada Lovelace"[^>]*>Disable</);
  });

  it('offers Enable for a disabled account', () => {
    const html = render(user({ status: 'disabled' }));
    expect(html).toContain('>Disabled<');
    expect(html).toMatch(/aria-label="Enable Ada Lovelace"[^>]*>Enable</);
    expect(html).not.toContain('Disable Ada');
  });

  it("gives the administrator's own row an Admin badge instead of Disable", () => {
    const html = render(user({ admin: true }), true);
    expect(html).toContain('(you)');
    expect(html).toContain('>Admin<');
    expect(html).not.toContain('Disable');
    expect(html).not.toContain('Enable');
  });

  it('keeps a plan id the catalogue no longer has as it is', () => {
    expect(render(user({ plan: 'legacy' }))).toMatch(/<option value="legacy" selected="">legacy<\/option>/);
  });
});

describe('admin formatting', () => {
  it("reads generations as 'N of M', or 'N (unlimited)' without a limit", () => {
    expect(generationsThisMonth({ used: 20, limit: 20, periodEnd })).toBe('20 of 20');
    expect(generationsThisMonth({ used: 41, limit: null, periodEnd })).toBe('41 (unlimited)');
  });

  it('counts every plan but the free one as premium', () => {
    expect(premiumAccounts({ free: 9, starter: 2, pro: 3, enterprise: 1, legacy: 1 })).toBe(7);
    expect(premiumAccounts({ free: 4 })).toBe(0);
  });

  it('makes initials of the first and last word', () => {
    expect(initials('Ada Lovelace')).toBe('AL');
    expect(initials('  grace  ')).toBe('g');
    expect(initials('Ada B. Lovelace')).toBe('AL');
    expect(initials('')).toBe('?');
  });
});
