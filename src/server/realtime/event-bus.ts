import type { Database, Executor } from '../db/client.ts';
import { logger } from '../logger.ts';
import { publishOnChannel } from '../repositories/chat-event-repository.ts';
import { decodeEvent, encodeEvent, EVENT_CHANNEL, type RealtimeEvent } from './events.ts';
import { listenOnPglite, type PgliteLike } from './pglite-listener.ts';
import { listenOnPostgres, type PoolLike } from './pg-listener.ts';

export type Listener = (event: RealtimeEvent) => void;

/**
 * Live events between app servers (docs/decisions/009-live-delivery.md). Publishing is a `pg_notify` through the
 * caller's executor, so an event published inside a transaction is delivered only if, and when, it commits; on
 * both databases. Listening differs by database: a dedicated connection running LISTEN on PostgreSQL, PGlite's
 * own in-process listen on the embedded database.
 */
export interface EventBus {
  /** Sends the event to every app server's subscribers once `executor`'s transaction commits. */
  publish(executor: Executor, event: RealtimeEvent): Promise<void>;
  /** Calls `listener` for each event from any server; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
  /** Resolves once events are being received. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** The database side of an adapter: start listening, deliver raw payloads, stop. */
export interface ChannelListener {
  ready: Promise<void>;
  close(): Promise<void>;
}
export type ListenerFactory = (channel: string, onPayload: (payload: string | undefined) => void) => ChannelListener;

/**
 * Publishes through the executor: inside a transaction the event is delivered at commit. Needs no listener, so
 * services publish without holding a bus.
 */
export function publishEvent(executor: Executor, event: RealtimeEvent): Promise<void> {
  return publishOnChannel(executor, EVENT_CHANNEL, encodeEvent(event));
}

export function createEventBus(listen: ListenerFactory): EventBus {
  const listeners = new Set<Listener>();
  const deliver = (payload: string | undefined) => {
    const event = decodeEvent(payload);
    if (!event) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('realtime listener failed', { error });
      }
    }
  };
  let channel: ChannelListener | null = null;
  let closed = false;
  // Listening starts with the first subscriber: a process that only publishes (tests, scripts) holds no connection.
  const start = () => (channel ??= listen(EVENT_CHANNEL, deliver));
  return {
    publish: publishEvent,
    subscribe(listener) {
      if (closed) return () => {};
      start();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready: () => start().ready,
    async close() {
      closed = true;
      listeners.clear();
      await channel?.close();
    },
  };
}

/** Picks the adapter for the database behind a Drizzle instance (its `$client`: a PGlite or a pg.Pool). */
export function eventBusForDatabase(db: Database): EventBus {
  const client = (db as unknown as { $client: unknown }).$client;
  if (typeof (client as PgliteLike).listen === 'function')
    return createEventBus((channel, onPayload) => listenOnPglite(client as PgliteLike, channel, onPayload));
  return createEventBus((channel, onPayload) => listenOnPostgres(client as PoolLike, channel, onPayload));
}

// One bus per database, on globalThis so the dev server's module reloads share it like they share the database.
const key = Symbol.for('marketplace.eventBuses');
const holder = globalThis as unknown as Record<symbol, WeakMap<Database, EventBus> | undefined>;

/** The database's event bus, created on first use. */
export function eventBus(db: Database): EventBus {
  const buses = (holder[key] ??= new WeakMap());
  let bus = buses.get(db);
  if (!bus) {
    bus = eventBusForDatabase(db);
    buses.set(db, bus);
  }
  return bus;
}

/** Stops listening (shutdown, the end of a test file); the next `eventBus(db)` starts afresh. */
export async function closeEventBus(db: Database): Promise<void> {
  const bus = holder[key]?.get(db);
  holder[key]?.delete(db);
  await bus?.close();
}
