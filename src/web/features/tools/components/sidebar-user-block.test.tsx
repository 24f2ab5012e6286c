import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '#shared/user';
import { ErrorBanner } from '#web/components/error-banner.tsx';
import { configKeys } from '#web/lib/query-keys.ts';
import type { BillingConfig, ServerConfig } from '#web/lib/server-config.ts';
import type { ToolError } from '#web/lib/tool-error.ts';
import { AllowanceNotice } from './allowance-notice.tsx';
import { renewalLabel, SidebarUserBlock } from './sidebar-user-block.tsx';

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

/** Rendered with the server's settings in the query cache: billing on or off, a sales address or none. */
function renderWithBilling(node: React.ReactNode, billing: Partial<BillingConfig>) {
  const client = new QueryClient();
  const config = {
    socialProviders: { google: false, github: false },
    documents: { maxBytes: 1 },
    billing: { enabled: false, offers: {}, salesEmail: null, ...billing },
  } as ServerConfig;
  client.setQueryData(configKeys.server, config);
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

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

  it('says when a limited plan renews, and nothing of it for an unlimited one', () => {
    expect(renewalLabel({ used: 3, limit: 20, periodEnd }, 'UTC')).toBe('Renews on April 1, 2026');
    expect(renewalLabel({ used: 3, limit: null, periodEnd }, 'UTC')).toBeNull();
    const html = render(
      <SidebarUserBlock user={user({ usage: { used: 20, limit: 20, periodEnd } })} error={false} />,
    );
    expect(html).toMatch(/data-testid="sidebar-renewal">Renews on (March 31|April 1), 2026</);
    const pro = user({ subscription: 'pro', usage: { used: 40, limit: null, periodEnd } });
    expect(render(<SidebarUserBlock user={pro} error={false} />)).not.toContain('sidebar-renewal');
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
  const error: ToolError = {
    message: 'Failed to fetch results',
    detail: 'You have used all…',
    upgrade: true,
  };

  it("links to /subscription when the plan's generations are used up and the server sells plans", () => {
    const html = renderWithBilling(<ErrorBanner error={error} />, { enabled: true });
    expect(html).toContain('You have used all…');
    expect(html).toMatch(/<a [^>]*href="\/subscription"[^>]*>.*Upgrade<\/a>/);
    expect(
      renderWithBilling(<ErrorBanner error={{ message: 'Failed to fetch results' }} />, { enabled: true }),
    ).not.toContain('/subscription');
  });

  it('sends to the administrator, and the sales address when there is one, when billing is off', () => {
    const html = renderWithBilling(<ErrorBanner error={error} />, { salesEmail: 'sales@example.test' });
    expect(html).not.toContain('/subscription');
    expect(html).toContain('For more, ask your administrator');
    expect(html).toMatch(/<a [^>]*href="mailto:sales@example.test"[^>]*>sales@example.test<\/a>/);
    const bare = renderWithBilling(<ErrorBanner error={error} />, {});
    expect(bare).toContain('For more, ask your administrator.');
    expect(bare).not.toContain('mailto:');
  });
});

describe('AllowanceNotice', () => {
  it('says the month’s generations are used up, when they renew, and where more come from', () => {
    const html = renderWithBilling(<AllowanceNotice limit={20} periodEnd={periodEnd} />, {});
    expect(html).toContain('This month’s generations are used up.');
    expect(html).toMatch(/Your allowance of 20 generations renews on (March 31|April 1), 2026\./);
    expect(html).toContain('For more, ask your administrator.');
    expect(html).not.toContain('/subscription');
    const one = renderWithBilling(<AllowanceNotice limit={1} periodEnd={periodEnd} />, { enabled: true });
    expect(one).toContain('Your allowance of 1 generation renews');
    expect(one).toContain('href="/subscription"');
  });
});
