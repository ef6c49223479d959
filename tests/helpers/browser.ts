/**
 * A real headless Chromium for browser tests: Debian's `chromium` package
 * (bash .ci/run installs it) driven by puppeteer-core, which brings no
 * browser of its own. Each launch gets a fresh profile in a temp folder.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';

export const CHROMIUM = '/usr/bin/chromium';

export interface Chromium {
  readonly browser: Browser;
  /** Closes the browser (kills it by PID if it does not close in time) and removes its profile. */
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Chromium> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install chromium (bash .ci/run installs it)`);
  }
  const profile = mkdtempSync(join(tmpdir(), 'switchyard-chromium-'));
  let browser: Browser;
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      timeout: 15_000,
      protocolTimeout: 15_000,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${profile}`,
      ],
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
  return {
    browser,
    async close() {
      const pid = browser.process()?.pid;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), 5_000);
      });
      try {
        const closing = browser.close().then(
          () => 'closed' as const,
          () => 'failed' as const,
        );
        if ((await Promise.race([closing, timeout])) !== 'closed' && pid !== undefined) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      } finally {
        clearTimeout(timer);
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}
