import { getTableColumns } from 'drizzle-orm';
import { history } from '#server/db/schema';

/**
 * The columns of a chat as the app reads it: all but `search`, the full-text document only the
 * database's search reads (it can be as large as the chat itself).
 */
const { search: _search, ...columns } = getTableColumns(history);
export const chatColumns = columns;

export type HistoryRow = Omit<typeof history.$inferSelect, 'search'>;
