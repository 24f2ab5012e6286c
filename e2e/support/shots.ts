import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';

/** A screenshot saved with the test's results; E2E_SHOTS_DIR copies it there too (the screenshots). */
export async function shot(page: Page, testInfo: TestInfo, name: string, { fullPage = false } = {}) {
  const path = testInfo.outputPath(name);
  await page.screenshot({ path, fullPage });
  const dir = process.env.E2E_SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    copyFileSync(path, join(dir, name));
  }
}
