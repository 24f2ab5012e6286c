import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { firstLink, parseMail } from '#tests/helpers/mail-message';

/**
 * The shared end-to-end server has no SMTP_URL, so its messages are written to DATA_DIR/outbox
 * (global-setup.ts sets E2E_DATA_DIR): read as the operator of such a server would, to open a link.
 */
export async function newestOutboxLink(to: string, timeoutMs = 10_000): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run the tests through playwright.config.ts');
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith('.eml'));
    for (const name of names.sort().reverse()) {
      const mail = parseMail(await readFile(join(outbox, name), 'utf8'));
      if (mail.to.toLowerCase().includes(to.toLowerCase())) return firstLink(mail.text);
    }
    await sleep(100);
  }
  throw new Error(`no message to ${to} in ${outbox}`);
}
