/**
 * Shutdown hooks shared between the bundled server code and scripts/start.mjs, which owns the HTTP server and
 * runs them (newest first) once requests have drained. The registry lives on globalThis so both sides see one
 * list even though they are loaded separately.
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
