/**
 * How many journey files run at a time (`E2E_WORKERS`, 2 by default). A journey mostly waits on its
 * browser and server (about 0.6 of a core), so two at a time fit two cores. Global setup starts as
 * many servers, and each journey file holds one of them for its run (app-server.ts).
 */
export const JOURNEY_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2);
