/**
 * Ports of the servers a test starts beside the e2e server, as offsets from E2E_PORT (default 4400), so two runs
 * with different E2E_PORT values (a developer's and a CI clone's) never take each other's ports.
 */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 4400);

export const sidePort = (offset: number) => E2E_PORT + offset;

/** The local Google key set (tests/e2e/accounts/google.spec.ts), also named in playwright.config.ts. */
export const JWKS_PORT = sidePort(99);

/** A page of another site that may call the API (tests/e2e/api/cross-origin.spec.ts), allowed in playwright.config.ts. */
export const ALLOWED_CLIENT_PORT = sidePort(31);
