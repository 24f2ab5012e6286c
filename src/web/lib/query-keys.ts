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
