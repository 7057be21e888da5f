/**
 * Shutdown hooks shared between the bundled server code and scripts/start.mjs, which owns the HTTP server.
 * The registry lives on globalThis so both sides see one list even though they are loaded separately.
 */
type Hook = () => Promise<void> | void;

const key = Symbol.for('marketplace.shutdownHooks');
const registry = globalThis as unknown as Record<symbol, Hook[] | undefined>;

function hooks(): Hook[] {
  registry[key] ??= [];
  return registry[key];
}

export function onShutdown(hook: Hook): void {
  hooks().push(hook);
}

/** Runs hooks newest first (the database, registered first, closes last). */
export async function runShutdownHooks(): Promise<void> {
  const list = hooks().splice(0).reverse();
  for (const hook of list) await hook();
}
