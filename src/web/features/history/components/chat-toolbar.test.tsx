import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatToolbar } from './chat-toolbar.tsx';

const render = (node: ReactNode) =>
  renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
const team = { organizationId: 't1', name: 'Acme Writers' };
const chat = { _id: 'c1', title: 'Notes', teamShare: null, author: { uid: 'u1', name: 'Ada' } };

describe('ChatToolbar', () => {
  it("offers 'Share with team' on one's own chat in a team workspace, beside Share and Download", () => {
    const html = render(<ChatToolbar chat={chat} readOnly={false} team={team} />);
    expect(html).toContain('Share with team');
    expect(html).toMatch(/Share<\/button>/);
    expect(html).toContain('Download');
  });

  it('offers no team share in the personal workspace', () => {
    expect(render(<ChatToolbar chat={chat} readOnly={false} team={null} />)).not.toContain('Share with team');
  });

  it('shows whom a shared chat is shared with, and the undo', () => {
    const shared = {
      ...chat,
      teamShare: { organizationId: 't1', organizationName: 'Acme Writers', sharedAt: '2026-01-01' },
    };
    const html = render(<ChatToolbar chat={shared} readOnly={false} team={null} />);
    expect(html).toContain('Shared with Acme Writers');
    expect(html).toContain('Stop sharing with team');
  });

  it("names the author of someone else's chat and offers none of the owner's actions", () => {
    const html = render(
      <ChatToolbar chat={{ ...chat, author: { uid: 'u9', name: 'Grace' } }} readOnly team={team} />,
    );
    expect(html).toMatch(/Shared by <span[^>]*>Grace<\/span>/);
    expect(html).not.toContain('Download');
    expect(html).not.toContain('Share with team');
  });
});
