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

/** The process owner's stop (scripts/start.mjs sets it): drains requests, runs the hooks and exits with the code. */
type Stop = (exitCode: number) => Promise<void> | void;
const stopKey = Symbol.for('marketplace.stop');

/**
 * Asks the process's owner to stop with `exitCode`, as on SIGTERM, so a supervisor starts the server again. Where
 * there is no owner (the dev server, tests), nothing stops.
 */
export function requestStop(exitCode: number): void {
  const stop = (globalThis as unknown as Record<symbol, Stop | undefined>)[stopKey];
  if (stop) void stop(exitCode);
}
