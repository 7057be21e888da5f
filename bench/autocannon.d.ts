/** The part of autocannon (it ships no types) the benchmark uses. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    timeout?: number;
  }
  interface Result {
    requests: { average: number; total: number };
    throughput: { average: number };
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): this;
  }
  export default function autocannon(options: Options): Instance;
}
