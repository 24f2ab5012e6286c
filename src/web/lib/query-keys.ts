/**
 * Query keys more than one feature touches: the tools invalidate the history list they add to, the
 * history feature reads and edits it. Kept here so neither feature imports the other.
 */
export const historyKeys = {
  all: ['history'] as const,
  /** The history list of one user for one service type (spec §4: invalidated after every success). */
  list: (uid: string, service: string) => ['history', 'list', uid, service] as const,
  item: (id: string) => ['history', 'item', id] as const,
};
