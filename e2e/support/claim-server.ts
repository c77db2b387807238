import { afterAll, beforeAll } from 'vitest';
import { claimServer, releaseServer } from './app-server';

// Before the journey's own hooks, and released after them (Vitest runs after-hooks in reverse order).
beforeAll(claimServer, 150_000);
afterAll(releaseServer);
