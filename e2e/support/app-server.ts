import fs from 'node:fs';
import path from 'node:path';
import { inject, type ProvidedContext } from 'vitest';
import { startServer, type ServerProcess } from './server-process';

/*
 * Each journey file claims one of the servers started in global setup for the whole of its run
 * (claim-server.ts, a setup file), so two journeys running at the same time never share a server.
 * A claim is a directory made in the run's claims folder: making it fails when it exists, so two
 * workers cannot take the same server. (Vitest's VITEST_POOL_ID cannot tell them apart: in a run of
 * several projects every journey saw 1.)
 */

/** A server started in global setup: its address and data directory. */
type JourneyServer = ProvidedContext['servers'][number];

let claimed: { server: JourneyServer; claim: string } | undefined;

/** Waits (up to two minutes) for a server no other journey holds, and takes it. */
export async function claimServer(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    for (const [index, server] of inject('servers').entries()) {
      const claim = path.join(inject('serverClaims'), String(index));
      try {
        fs.mkdirSync(claim);
        claimed = { server, claim };
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    if (Date.now() > deadline) throw new Error('No journey server came free within two minutes.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Gives the server back for the next journey file. */
export function releaseServer(): void {
  if (claimed) fs.rmSync(claimed.claim, { recursive: true, force: true });
  claimed = undefined;
}

/** This journey's server: its address and data directory (outbox, tutorials). */
export function appServer(): JourneyServer {
  if (!claimed) throw new Error('appServer() was called before the journey claimed its server.');
  return claimed.server;
}

/**
 * One more server, for a journey that needs other settings than the shared ones (its own tiles, a
 * fake Google Drive): started from the run's migrated template, stopped by the journey.
 */
export const startJourneyServer = (env: Record<string, string>): Promise<ServerProcess> =>
  startServer({ TZ_COMPANY: inject('timeZone'), ...env }, undefined, inject('pgliteTemplate'));
