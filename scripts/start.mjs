// Production entry: serves the built site with a graceful shutdown that closes the database cleanly.
// Astro's standalone handler does the serving; this file owns the HTTP server so it can drain it on SIGTERM.
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import compression from 'compression';

process.env.NODE_ENV ??= 'production';
process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const { handler } = await import('../dist/server/entry.mjs');
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '0.0.0.0';
const DRAIN_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);

let stopping = false;

const log = (level, message, fields = {}) =>
  process[level === 'error' ? 'stderr' : 'stdout'].write(
    JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + '\n',
  );

// Pages, JSON and assets travel compressed (brotli or gzip, as the browser accepts): on a slow phone network the home
// page's HTML is 60 KB raw and about 10 KB compressed. Event streams stay as they are, since a compressor holds
// events back until its buffer fills; so do answers to Range requests, whose byte offsets refer to the file itself.
const isEventStream = (res) => String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');
const compress = compression({
  filter: (req, res) => !req.headers.range && !isEventStream(res) && compression.filter(req, res),
});
// API calls skip Astro's page pipeline once the runtime has registered the API (src/server/api/serve.ts); the
// readiness call below goes through Astro and starts the runtime. A request that cannot be made into a Request
// (a bad Host header, say) or fails outside the API still gets the API's envelope, headers and log line.
const api = Symbol.for('marketplace.api');
const serveApi = getRequestListener(
  (request, { incoming }) => globalThis[api].answer(standardBody(request, incoming), incoming.socket.remoteAddress),
  { overrideGlobalObjects: false, errorHandler: (error) => globalThis[api].fail(error) },
);
// node-server's lightweight Request cannot be copied with `new Request(request, …)`, which Hono's body limit does
// for a body of undeclared length (chunked, or a write with no Content-Length at all, as `curl -X POST` sends);
// such requests are handed over as a standard Request.
const undeclaredLength = (incoming) =>
  incoming.headers['transfer-encoding'] !== undefined ||
  (incoming.headers['content-length'] === undefined && incoming.method !== 'GET' && incoming.method !== 'HEAD');
const standardBody = (request, incoming) =>
  undeclaredLength(incoming)
    ? new Request(request.url, { method: request.method, headers: request.headers, body: request.body, duplex: 'half' })
    : request;
// The path as the API will see it, with dot segments resolved ("/api/../x" is not an API call).
const isApi = (url = '/') => {
  const pathname = URL.parse(url, 'http://localhost')?.pathname ?? '';
  return pathname === '/api' || pathname.startsWith('/api/');
};
// No fetch Request can carry TRACE or CONNECT, so neither Astro nor the API can be handed one: the API answers them
// as methods the address does not take (src/server/api/serve.ts). Node hands CONNECT to the 'connect' event, with
// the bare socket, on which the answer is written as it would be sent.
const refuseMethod = (req) => {
  const url = URL.parse(req.url ?? '/', 'http://localhost')?.href ?? 'http://localhost/';
  const direct = globalThis[api];
  return direct.refuseMethod(req.method, url, req.socket.remoteAddress).catch((error) => direct.fail(error));
};
const route = async (req, res) => {
  if (!globalThis[api]) return handler(req, res);
  if (req.method !== 'TRACE') return isApi(req.url) ? serveApi(req, res) : handler(req, res);
  const response = await refuseMethod(req);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
};
const server = http.createServer((req, res) => compress(req, res, () => route(req, res)));
server.on('connect', async (req, socket) => {
  if (!globalThis[api]) return socket.destroy();
  const response = await refuseMethod(req);
  const head = [`HTTP/1.1 ${response.status} ${http.STATUS_CODES[response.status]}`, 'Connection: close'];
  for (const [name, value] of response.headers) head.push(`${name}: ${value}`);
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(await response.arrayBuffer())]));
});
server.listen(port, host);
await new Promise((resolve, reject) => {
  server.once('listening', resolve);
  server.once('error', reject);
});

// The runtime asks for a stop when it cannot go on (the embedded database's thread died): src/server/lifecycle.ts.
globalThis[Symbol.for('marketplace.stop')] = shutdown;

// The first request boots the runtime (migrations, seed); make it now so problems surface at start.
// The runtime logs the reason ("startup failed"); this only records that the start was abandoned.
const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch((error) => ({ ok: false, error }));
if (!ready.ok) {
  log('error', 'server failed to start', {
    detail: ready.error ? String(ready.error) : `readiness answered ${ready.status}`,
  });
  await shutdown(1);
}
log('info', `marketplace ready at http://localhost:${port}`);

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  log('info', 'shutting down: draining requests');
  const force = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await new Promise((resolve) => {
    server.close(resolve);
    server.closeIdleConnections();
  });
  clearTimeout(force);
  const hooks = globalThis[Symbol.for('marketplace.shutdownHooks')] ?? [];
  for (const hook of hooks.splice(0).reverse()) {
    try {
      await hook();
    } catch (error) {
      log('error', 'shutdown hook failed', { error: String(error) });
      code = 1;
    }
  }
  log('info', 'stopped');
  process.exit(code);
}

process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
