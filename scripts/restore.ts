// `npm run restore -- <file>`: a backup into an empty data directory (src/server/backup/restore-command.ts).
import { runCommand } from '#server/backup/command';
import { restoreCommand } from '#server/backup/restore-command';

await runCommand('Restore', () => restoreCommand(process.argv.slice(2)));
