// The baseline for SSR throughput: the same HTML bytes from a bare node:http server, in a process of its own
// like the real server. Usage: static-server.ts <port> <file>; prints "ready" when listening.
import fs from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const body = fs.readFileSync(file!);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
