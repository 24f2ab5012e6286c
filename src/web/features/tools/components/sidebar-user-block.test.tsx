import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/user';
import { ErrorBanner } from '#web/components/error-banner.tsx';
import type { ToolError } from '#web/lib/tool-error.ts';
import { SidebarUserBlock } from './sidebar-user-block.tsx';

const periodEnd = '2026-04-01T00:00:00.000Z';
const user = (fields: Partial<User>): User => ({
  uid: 'u1',
  email: 'ada@example.com',
  displayName: 'Ada',
  photoURL: '/p.png',
  subscription: 'free',
  ...fields,
});
const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

describe('SidebarUserBlock', () => {
  it("shows the free plan's generations this month under 'Free Plan'", () => {
    const html = render(
      <SidebarUserBlock user={user({ usage: { used: 3, limit: 20, periodEnd } })} error={false} />,
    );
    expect(html).toContain('Free Plan');
    expect(html).toContain('3 of 20 generations this month');
  });

  it("shows 'Unlimited generations' under 'Premium' for a plan without a limit", () => {
    const pro = user({ subscription: 'pro', usage: { used: 40, limit: null, periodEnd } });
    const html = render(<SidebarUserBlock user={pro} error={false} />);
    expect(html).toContain('Premium');
    expect(html).toContain('Unlimited generations');
  });

  it('shows no usage line when the usage is not known', () => {
    expect(render(<SidebarUserBlock user={user({})} error={false} />)).not.toContain('sidebar-usage');
  });

  it('names the workspace on a line of its own: Personal, or the team', () => {
    const personal = render(<SidebarUserBlock user={user({ workspace: null })} error={false} />);
    expect(personal).toMatch(/data-testid="sidebar-workspace".*Personal workspace/);
    const team = render(
      <SidebarUserBlock
        user={user({
          workspace: {
            organizationId: 'o1',
            name: 'Acme Writers',
            slug: 'acme',
            role: 'member',
            plan: 'pro',
          },
        })}
        error={false}
      />,
    );
    expect(team).toMatch(/data-testid="sidebar-workspace".*Acme Writers/);
    // The name's line holds the name alone.
    expect(team).toMatch(/data-testid="sidebar-user-name">Ada<\/p>/);
  });
});

describe('ErrorBanner', () => {
  it("links to /subscription when the plan's generations are used up", () => {
    const error: ToolError = {
      message: 'Failed to fetch results',
      detail: 'You have used all…',
      upgrade: true,
    };
    const html = render(<ErrorBanner error={error} />);
    expect(html).toContain('You have used all…');
    expect(html).toMatch(/<a [^>]*href="\/subscription"[^>]*>.*Upgrade<\/a>/);
    expect(render(<ErrorBanner error={{ message: 'Failed to fetch results' }} />)).not.toContain(
      '/subscription',
    );
  });
});
