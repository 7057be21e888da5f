import type { ChannelListener } from './event-bus.ts';

/** The part of PGlite the adapter uses. */
export interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<(() => Promise<void>) | (() => void)>;
}

/**
 * The embedded database is one process, so its own LISTEN/NOTIFY is the in-process bus: notifications raised in a
 * transaction arrive after it commits, exactly as on PostgreSQL, and the publishing code is the same.
 */
export function listenOnPglite(
  client: PgliteLike,
  channel: string,
  onPayload: (payload: string | undefined) => void,
): ChannelListener {
  const unlisten = client.listen(channel, onPayload);
  return {
    ready: unlisten.then(() => undefined),
    async close() {
      try {
        await (
          await unlisten
        )();
      } catch {
        // The database may already be closed at shutdown; nothing is listening any more either way.
      }
    },
  };
}
