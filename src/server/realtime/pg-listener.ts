import pg from 'pg';
import { logger } from '../logger.ts';
import type { ChannelListener } from './event-bus.ts';

/** The part of a pg.Pool the adapter uses: its connection settings. */
export interface PoolLike {
  options: pg.ClientConfig;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to queries and lose its LISTEN). When the
 * connection drops, it reconnects with a growing pause; events sent while it was away are not replayed, and
 * browsers catch up on messages with Last-Event-ID when their stream reconnects.
 */
export function listenOnPostgres(
  pool: PoolLike,
  channel: string,
  onPayload: (payload: string | undefined) => void,
): ChannelListener {
  const { max: _max, ...config } = pool.options as pg.ClientConfig & { max?: number };
  let client: pg.Client | null = null;
  let closed = false;
  let backoff = 1000;
  let timer: NodeJS.Timeout | null = null;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(config);
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload);
    });
    next.on('error', (error) => {
      logger.warn('realtime listener connection failed', { error: error.message });
      retry(next);
    });
    next.on('end', () => retry(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      backoff = 1000;
      markReady();
    } catch (error) {
      logger.warn('realtime listener could not connect', { error: (error as Error).message });
      retry(next);
    }
  };

  const retry = (failed: pg.Client) => {
    if (closed || client !== failed || timer) return;
    client = null;
    failed.end().catch(() => {});
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, backoff);
    timer.unref();
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      markReady();
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
