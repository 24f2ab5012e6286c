import { useCallback, useState } from 'react';
import { downloadApiFile } from './download-file.ts';
import { notify } from './notify.ts';

/**
 * A download of an API file (downloadApiFile) for a button: `busy` while it runs, and a failure told
 * in a toast with the server's reason (a 401/403 goes to /signin as for any call).
 */
export function useApiDownload() {
  const [busy, setBusy] = useState(false);
  const download = useCallback(async (url: string, fallbackName: string, what: string) => {
    setBusy(true);
    try {
      await downloadApiFile(url, fallbackName);
    } catch (error) {
      console.error(`Could not download ${what}`, error);
      notify.error(`Could not download ${what}`, {
        description: error instanceof Error && error.message ? error.message : 'Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, download };
}
