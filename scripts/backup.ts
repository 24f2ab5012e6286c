// `npm run backup -- <file>`: a backup of the running server (src/server/backup/backup-command.ts).
import { backupCommand } from '#server/backup/backup-command';
import { runCommand } from '#server/backup/command';

await runCommand('Backup', () => backupCommand(process.argv.slice(2)));
