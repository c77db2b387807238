import fs from 'node:fs';

/** Debian's Chromium, the journeys' first choice (CI installs it with apt). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumBinary {
  executablePath: string;
  /** Said once at the start of the journeys, so a log shows which browser ran them. */
  source: string;
}

/**
 * Which Chromium the journeys drive: `CHROMIUM_PATH` when set, else Debian's when installed, else
 * the headless Chromium shipped inside the npm package `@sparticuz/chromium` (unpacked from the
 * package into the temp folder: nothing is downloaded). `E2E_CHROMIUM=npm` skips Debian's, so CI
 * can run the fresh-machine path on a machine that has both.
 */
export async function resolveChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumBinary> {
  const forced = env.E2E_CHROMIUM;
  if (forced && forced !== 'npm' && forced !== 'system') {
    throw new Error(`E2E_CHROMIUM must be "npm" or "system", got "${forced}".`);
  }
  if (env.CHROMIUM_PATH && forced !== 'npm') {
    if (!fs.existsSync(env.CHROMIUM_PATH))
      throw new Error(`CHROMIUM_PATH=${env.CHROMIUM_PATH} does not exist.`);
    return { executablePath: env.CHROMIUM_PATH, source: `CHROMIUM_PATH (${env.CHROMIUM_PATH})` };
  }
  if (forced !== 'npm' && fs.existsSync(SYSTEM_CHROMIUM)) {
    return { executablePath: SYSTEM_CHROMIUM, source: `Debian's chromium (${SYSTEM_CHROMIUM})` };
  }
  if (forced === 'system') {
    throw new Error(
      `Chromium not found at ${SYSTEM_CHROMIUM}. Install the Debian package: apt-get install -y chromium`,
    );
  }
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  return { executablePath, source: `the npm package @sparticuz/chromium (${executablePath})` };
}
