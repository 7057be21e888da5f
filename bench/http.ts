import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startCpuMeter } from './cpu.ts';
import { summarise } from './measure.ts';
import { apiFilterQuery } from '../src/features/search/listing-filter.ts';
import { FILTERED_SEARCHES, MAP_VIEWS, TEXT_SEARCHES, TEXT_WITH_FILTERS } from './queries.ts';
import { freePort, startStaticServer, type RunningServer } from './server.ts';

export interface LoadResult {
  name: string;
  path: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Failed connections, timeouts and answers other than 2xx. */
  failures: number;
  /**
   * CPU time per answered request, ms: the server process, the local PostgreSQL and the load generator (null
   * without /proc).
   */
  serverCpuMs: number | null;
  postgresCpuMs: number | null;
  loadGeneratorCpuMs: number | null;
}

export interface SsrRatio {
  page: string;
  ssrRequestsPerSecond: number;
  staticRequestsPerSecond: number;
  ratio: number;
}

/** Untimed load before each measured run: the server's JIT and its database's caches (PGlite's are its own) warm up. */
const WARMUP_SECONDS = 2;

/**
 * `connections` clients sending requests back to back for `seconds`, after a short untimed warm-up; latency
 * percentiles of every response, and the CPU time the server and PostgreSQL spent per request (the load generator
 * shares the machine's cores).
 */
export async function load(server: RunningServer, name: string, urlPath: string, connections: number, seconds: number) {
  // A generous timeout: a starved server's slow answers are measured rather than dropped.
  const options = { url: server.url + urlPath, connections, timeout: 30 };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const latencies: number[] = [];
  const meter = startCpuMeter(server.pid);
  const instance = autocannon({ ...options, duration: seconds });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  const cpu = meter?.();
  const timing = summarise(name, latencies);
  const perRequest = (ms: number | undefined) =>
    ms === undefined || latencies.length === 0 ? null : ms / latencies.length;
  return {
    name,
    path: urlPath,
    requestsPerSecond: result.requests.total / seconds,
    p50: timing.p50,
    p95: timing.p95,
    p99: timing.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    serverCpuMs: perRequest(cpu?.serverMs),
    postgresCpuMs: perRequest(cpu?.postgresMs),
    loadGeneratorCpuMs: perRequest(cpu?.loadGeneratorMs),
  } satisfies LoadResult;
}

const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The API calls and pages the benchmark loads: the same criteria as the in-process scenarios. */
async function endpoints(server: RunningServer): Promise<{ name: string; path: string }[]> {
  const filtered = FILTERED_SEARCHES[0]!;
  const bounds = MAP_VIEWS[0]!;
  const list = await fetch(`${server.url}/api/get-property-list?limit=1&offset=500`).then((r) => r.json());
  const slug: string = list.data.items[0].slug_id;
  return [
    {
      name: 'get_property (filtered)',
      path: `/api/get_property?${query(apiFilterQuery(filtered))}`,
    },
    { name: 'get-property-list (text)', path: `/api/get-property-list?${query({ search: TEXT_SEARCHES[0] })}` },
    {
      name: 'get-property-list (text with a place)',
      path: `/api/get-property-list?${query({ search: TEXT_WITH_FILTERS[0]!.search, city: TEXT_WITH_FILTERS[0]!.city })}`,
    },
    { name: 'get-properties-in-bounds', path: `/api/get-properties-in-bounds?${query(bounds)}` },
    { name: 'get_property (detail)', path: `/api/get_property?${query({ slug_id: slug })}` },
    { name: 'homepage-data', path: '/api/homepage-data' },
    { name: 'page /', path: '/' },
    { name: 'page /properties', path: '/properties' },
  ];
}

export async function httpBench(
  server: RunningServer,
  options: { connections: number; seconds: number; chosen: (name: string) => boolean },
) {
  const results: LoadResult[] = [];
  for (const endpoint of (await endpoints(server)).filter((e) => options.chosen(e.name))) {
    const result = await load(server, endpoint.name, endpoint.path, options.connections, options.seconds);
    console.warn(
      `  ${result.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms, server CPU ${result.serverCpuMs?.toFixed(2) ?? '?'} ms/req`,
    );
    results.push(result);
  }
  return { results, ratios: await ssrRatios(server, results, options) };
}

/** SSR requests/s of the home and listing pages against serving their very HTML from a static file. */
async function ssrRatios(
  server: RunningServer,
  results: LoadResult[],
  options: { connections: number; seconds: number },
): Promise<SsrRatio[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  const ratios: SsrRatio[] = [];
  try {
    for (const page of ['/', '/properties'].filter((p) => results.some((r) => r.path === p))) {
      const file = path.join(dir, 'page.html');
      fs.writeFileSync(file, Buffer.from(await (await fetch(server.url + page)).arrayBuffer()));
      const staticServer = await startStaticServer(await freePort(), file);
      try {
        const baseline = await load(staticServer, `static ${page}`, page, options.connections, options.seconds);
        const ssr = results.find((r) => r.path === page)!;
        ratios.push({
          page,
          ssrRequestsPerSecond: ssr.requestsPerSecond,
          staticRequestsPerSecond: baseline.requestsPerSecond,
          ratio: ssr.requestsPerSecond / baseline.requestsPerSecond,
        });
      } finally {
        await staticServer.stop();
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return ratios;
}
