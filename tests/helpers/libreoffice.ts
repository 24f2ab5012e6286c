import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Converts `input` with LibreOffice (`soffice`, if installed) to `filter` ('pdf:writer_pdf_Export',
 * 'doc:MS Word 97', 'odt', …) into `outDir`, with a throwaway profile under `workDir`. Used to make
 * fixtures and benchmark inputs a real word processor wrote; nothing at test time needs it.
 */
export function convertWithLibreOffice(
  input: string,
  filter: string,
  outDir: string,
  workDir: string,
): SpawnSyncReturns<string> {
  return spawnSync(
    'soffice',
    [
      '--headless',
      `-env:UserInstallation=file://${join(workDir, 'profile')}`,
      '--convert-to',
      filter,
      '--outdir',
      outDir,
      input,
    ],
    { encoding: 'utf8' },
  );
}
