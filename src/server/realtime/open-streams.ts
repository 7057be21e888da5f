/**
 * Long-lived event streams would hold a stopping server's drain (scripts/start.mjs waits for connections to end)
 * until its time-out. On SIGTERM/SIGINT they are ended at once; browsers reconnect to another server, resuming
 * with Last-Event-ID.
 */
const open = new Set<() => void>();
let hooked = false;

function endAll(): void {
  for (const end of [...open]) end();
  open.clear();
}

export function trackStream(end: () => void): () => void {
  if (!hooked) {
    hooked = true;
    process.once('SIGTERM', endAll);
    process.once('SIGINT', endAll);
  }
  open.add(end);
  return () => open.delete(end);
}

export const openStreamCount = () => open.size;
