import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { teamNameError } from '#shared/team-rules';
import { teamKeys } from '#web/lib/query-keys.ts';
import { InvitationPage } from './invitation-page.tsx';
import { inviteEmailError } from './invitations-section.tsx';

function render(node: ReactNode, client = new QueryClient(), path = '/accept-invitation/inv1') {
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}
const noop = async () => {};
const invitation = (fields: Record<string, unknown> = {}) => ({
  id: 'inv1',
  teamId: 't1',
  teamName: 'Acme Writers',
  inviterName: 'Ada Lovelace',
  inviterEmail: 'ada@example.com',
  role: 'admin',
  status: 'pending',
  expiresAt: new Date(Date.now() + 86_400_000),
  ...fields,
});

describe('InvitationPage', () => {
  it('asks a visitor to sign in or up first', () => {
    const html = render(<InvitationPage invitationId="inv1" status="signed-out" onWorkspaceChanged={noop} />);
    expect(html).toContain('You have been invited to a team');
    expect(html).toMatch(/<a [^>]*href="\/signin"[^>]*>Sign in<\/a>/);
    expect(html).toMatch(/<a [^>]*href="\/signup"[^>]*>Sign up<\/a>/);
  });

  it('names the invited address from the link and takes it to the sign-up form', () => {
    const html = render(
      <InvitationPage invitationId="inv1" status="signed-out" onWorkspaceChanged={noop} />,
      new QueryClient(),
      '/accept-invitation/inv1?email=grace%2Bteam%40example.com',
    );
    expect(html).toContain('The invitation was sent to');
    expect(html).toContain('grace+team@<wbr/>example<wbr/>.com');
    expect(html).toMatch(/<a [^>]*href="\/signup\?email=grace%2Bteam%40example.com"[^>]*>Sign up<\/a>/);
    // Something that is not an address is not repeated.
    const odd = render(
      <InvitationPage invitationId="inv1" status="signed-out" onWorkspaceChanged={noop} />,
      new QueryClient(),
      '/accept-invitation/inv1?email=not%20an%20address',
    );
    expect(odd).not.toContain('not an address');
    expect(odd).toMatch(/<a [^>]*href="\/signup"[^>]*>Sign up<\/a>/);
  });

  it('shows the team, the inviter and the role with Accept and Decline', () => {
    const client = new QueryClient();
    client.setQueryData(teamKeys.invitation('inv1'), invitation());
    const html = render(
      <InvitationPage invitationId="inv1" status="signed-in" onWorkspaceChanged={noop} />,
      client,
    );
    expect(html).toContain('Join Acme Writers');
    expect(html).toContain('Ada Lovelace invited you');
    expect(html).toMatch(
      /Invited by<\/dt><dd><span[^>]*>Ada Lovelace<\/span><span[^>]*>ada@<wbr\/>example<wbr\/>.com</,
    );
    expect(html).toMatch(/Your role<\/dt><dd[^>]*>Admin</);
    expect(html).toMatch(/>Accept<\/button>/);
    expect(html).toMatch(/>Decline<\/button>/);
  });

  it('says when an invitation has expired', () => {
    const client = new QueryClient();
    client.setQueryData(teamKeys.invitation('inv1'), invitation({ expiresAt: new Date(Date.now() - 1000) }));
    const html = render(
      <InvitationPage invitationId="inv1" status="signed-in" onWorkspaceChanged={noop} />,
      client,
    );
    expect(html).toContain('This invitation has expired');
    expect(html).not.toContain('>Accept</button>');
  });
});

describe('form checks', () => {
  it('asks for a team name of at most 60 characters', () => {
    expect(teamNameError('  ')).toBe('Please enter a name for the team.');
    expect(teamNameError('x'.repeat(61))).toMatch(/at most 60/);
    expect(teamNameError(' Acme ')).toBeNull();
    expect(teamNameError('Acme\nClick https://evil.example')).toBe('A team name must be one line of text.');
  });

  it('asks for an e-mail address that looks like one', () => {
    expect(inviteEmailError('')).toBe('Please enter an e-mail address.');
    expect(inviteEmailError('ada@')).toBe('Please enter a valid e-mail address.');
    expect(inviteEmailError(' ada@example.com ')).toBeNull();
  });
});
