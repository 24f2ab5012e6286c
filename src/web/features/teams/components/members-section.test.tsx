import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { TeamMember } from '#web/features/teams/lib/team-types.ts';
import { MembersSection } from './members-section.tsx';

const members: TeamMember[] = [
  { id: 'm1', userId: 'u1', role: 'owner', name: 'Ada', email: 'ada@example.com' },
  { id: 'm2', userId: 'u2', role: 'admin', name: 'Grace', email: 'grace@example.com' },
  { id: 'm3', userId: 'u3', role: 'member', name: 'Linus', email: 'linus@example.com' },
];

const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

describe('MembersSection', () => {
  it('lets an owner change every other role (owner included) and remove others, never themselves', () => {
    const html = render(
      <MembersSection teamId="t" teamName="Acme" members={members} currentUid="u1" viewerRole="owner" />,
    );
    expect(html).not.toContain('aria-label="Role of Ada"');
    expect(html).not.toContain('aria-label="Remove Ada"');
    expect(html).toContain('(you)');
    expect(html).toContain('aria-label="Role of Grace"');
    expect(html).toContain('aria-label="Remove Linus"');
    expect(html).toMatch(/aria-label="Role of Linus".*<option value="owner">Owner<\/option>/);
  });

  it('lets an admin manage members but not owners, and not make owners', () => {
    const html = render(
      <MembersSection teamId="t" teamName="Acme" members={members} currentUid="u2" viewerRole="admin" />,
    );
    expect(html).not.toContain('aria-label="Role of Ada"');
    expect(html).not.toContain('aria-label="Remove Ada"');
    expect(html).toContain('aria-label="Remove Linus"');
    expect(html).not.toContain('<option value="owner">');
  });

  it('shows a member the table without controls', () => {
    const html = render(
      <MembersSection teamId="t" teamName="Acme" members={members} currentUid="u3" viewerRole="member" />,
    );
    expect(html).not.toContain('<select');
    expect(html).not.toContain('Remove');
    expect(html).toContain('grace@<wbr/>example<wbr/>.com');
    expect(html).toContain('3 members in Acme.');
  });

  it('counts a team of one in the singular', () => {
    const html = render(
      <MembersSection
        teamId="t"
        teamName="Acme"
        members={members.slice(0, 1)}
        currentUid="u1"
        viewerRole="owner"
      />,
    );
    expect(html).toContain('1 member in Acme.');
  });
});
