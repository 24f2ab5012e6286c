import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/user';
import { teamKeys } from '#web/lib/query-keys.ts';
import { WorkspaceSwitcher, workspaceName } from './workspace-switcher.tsx';

const base: User = {
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  photoURL: '/p.png',
  subscription: 'free',
};
const inTeam: User = {
  ...base,
  workspace: {
    organizationId: 't2',
    name: 'Acme Writers',
    slug: 'acme-writers-x',
    role: 'admin',
    plan: 'enterprise',
  },
};
const teams = [
  { id: 't1', name: 'Aardvark Labs', slug: 'aardvark-labs-a' },
  { id: 't2', name: 'Acme Writers', slug: 'acme-writers-x' },
];

function render(node: ReactNode) {
  const client = new QueryClient();
  client.setQueryData(teamKeys.list, teams);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const noop = async () => {};

describe('WorkspaceSwitcher', () => {
  it("names the current workspace: 'Personal', or the team", () => {
    expect(workspaceName(base)).toBe('Personal');
    expect(workspaceName({ workspace: null })).toBe('Personal');
    expect(workspaceName(inTeam)).toBe('Acme Writers');
    const html = render(
      <WorkspaceSwitcher
        user={inTeam}
        placement="header"
        onWorkspaceChanged={noop}
        onWorkspaceChangedElsewhere={noop}
      />,
    );
    expect(html).toMatch(/aria-expanded="false"/);
    expect(html).toContain('<span class="sr-only">Workspace: </span>');
    expect(html).toMatch(/data-testid="workspace-current">Acme Writers</);
  });

  it('lists Personal and every team in the menu, marks the current one and offers Create a team', () => {
    const html = render(
      <WorkspaceSwitcher
        user={inTeam}
        placement="menu"
        onWorkspaceChanged={noop}
        onWorkspaceChangedElsewhere={noop}
      />,
    );
    const entries = [...html.matchAll(/<button[^>]*>(?:(?!<\/button>).)*<\/button>/g)].map((m) => m[0]);
    const labelled = (label: string) => entries.find((entry) => entry.includes(`>${label}</span>`));
    expect(labelled('Personal')).not.toContain('aria-current');
    expect(labelled('Aardvark Labs')).not.toContain('aria-current');
    expect(labelled('Acme Writers')).toContain('aria-current="true"');
    expect(html).toContain('Create a team');
    // With a team active, its page is one click away.
    expect(html).toMatch(/<a [^>]*href="\/team"[^>]*>.*Team page/);
  });

  it('offers no team page link in the personal workspace', () => {
    const html = render(
      <WorkspaceSwitcher
        user={base}
        placement="menu"
        onWorkspaceChanged={noop}
        onWorkspaceChangedElsewhere={noop}
      />,
    );
    expect(html).not.toContain('href="/team"');
    expect(html).toMatch(/aria-current="true"[^>]*>.*?>Personal</);
  });
});
