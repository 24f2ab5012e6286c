/**
 * Every query key of the app, in one place. Features never import each other, so a key two features
 * touch (the tools invalidate the history list they add to, the history feature reads and edits it)
 * lives here, and so do the rest, so that no key is written inline.
 */
export const configKeys = {
  /** GET /api/config: the server's public settings (social providers, the document size limit). */
  server: ['config'] as const,
};

export const historyKeys = {
  /** Every history list (a rename or delete may change any of them). */
  lists: ['history', 'list'] as const,
  /** The history list of one user for one service type (docs/product.md §4: invalidated after every success). */
  list: (uid: string, service: string) => ['history', 'list', uid, service] as const,
  item: (id: string) => ['history', 'item', id] as const,
  /** A search of one user's chats, in one tool or in all (`service` null). */
  search: (uid: string, q: string, service: string | null) => ['history', 'search', uid, q, service] as const,
  /** A chat's public link (GET /api/history/:id/share). */
  share: (id: string) => ['history', 'share', id] as const,
  /** The pages or part of a chat's document a citation names (`query`: 'pages=12', 'part=3'). */
  passage: (id: string, query: string) => ['history', 'passage', id, query] as const,
  /** The text a chat's answers are checked against (GET /api/history/:id/source: the person's resume). */
  source: (id: string) => ['history', 'source', id] as const,
  /** A chat as its public link shows it (GET /api/shared/:token), for anyone with the link. */
  shared: (token: string) => ['history', 'shared', token] as const,
};

export const generationKeys = {
  /** GET /api/generations: the signed-in user's generations still being written. */
  running: ['generations', 'running'] as const,
};

export const aiKeys = {
  /** GET /api/ai/status: the model's state, polled by the tool pages until it is ready. */
  status: ['ai', 'status'] as const,
};

export const adminKeys = {
  /** Every page of GET /api/admin/users, whatever the search (a plan or status change may touch any). */
  users: ['admin', 'users'] as const,
  /** The pages of one search ('' for all accounts). */
  userList: (query: string) => ['admin', 'users', query] as const,
  /** GET /api/admin/usage: generations per tool per day and the account counts. */
  usage: ['admin', 'usage'] as const,
};

export const accountKeys = {
  /** GET /api/auth/list-sessions: the signed-in user's sessions (the account page). */
  sessions: ['account', 'sessions'] as const,
  /** GET /api/auth/list-accounts: the sign-in methods linked to the account. */
  signInMethods: ['account', 'sign-in-methods'] as const,
  /** GET /api/auth/api-key/list: the user's personal API keys. */
  apiKeys: ['account', 'api-keys'] as const,
  /** GET /api/auth/passkey/list-user-passkeys: the user's passkeys. */
  passkeys: ['account', 'passkeys'] as const,
};

export const teamKeys = {
  /** Everything of the teams: a workspace switch or a team change may touch any of it. */
  all: ['teams'] as const,
  /** GET /api/auth/organization/list: the teams the signed-in user belongs to. */
  list: ['teams', 'list'] as const,
  /** GET /api/auth/organization/get-full-organization: a team with its members and invitations. */
  team: (id: string) => ['teams', 'team', id] as const,
  /** GET /api/organizations/:id/usage: the team's generations this period (owners and admins). */
  usage: (id: string) => ['teams', 'usage', id] as const,
  /** GET /api/organizations/:id/chats: the chats shared with the team. */
  chats: (id: string) => ['teams', 'chats', id] as const,
  /** GET /api/invitations/:id: an invitation as its invitee sees it. */
  invitation: (id: string) => ['teams', 'invitation', id] as const,
};
