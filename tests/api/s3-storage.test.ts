import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStorage } from '../../src/server/storage/s3-storage.ts';

const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret-test-key' };
const objects = new Map<string, { body: Buffer; contentType: string }>();
let server: http.Server;
let endpoint: string;
let refused = 0;

/** A local stand-in for S3 over real HTTP: stores objects in memory and checks each request's SigV4 signature. */
beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const auth = req.headers.authorization ?? '';
    const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(signed.map((name) => [name, String(req.headers[name] ?? '')]));
    const expected = await new AwsV4Signer({
      ...credentials,
      method: req.method!,
      url: `${endpoint}${req.url}`,
      headers,
      body: body.length ? body : undefined,
      service: 's3',
      region: 'eu-test-1',
      datetime: String(req.headers['x-amz-date']),
    }).sign();
    if (!auth || expected.headers.get('authorization') !== auth) {
      refused++;
      res.writeHead(403).end();
      return;
    }
    const key = req.url!;
    if (req.method === 'PUT') {
      objects.set(key, { body, contentType: String(req.headers['content-type'] ?? '') });
      res.writeHead(200).end();
    } else if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) res.writeHead(404).end();
      else res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('S3-compatible storage', () => {
  it('puts, gets and deletes signed objects in the bucket', async () => {
    const storage = new S3FileStorage({ endpoint, bucket: 'uploads', region: 'eu-test-1', ...credentials });
    await storage.put('properties/u1/img-a b-640.webp', new Uint8Array([1, 2, 3]), 'image/webp');
    expect([...objects.keys()]).toEqual(['/uploads/properties/u1/img-a%20b-640.webp']);
    expect(await storage.get('properties/u1/img-a b-640.webp')).toEqual({
      body: new Uint8Array([1, 2, 3]),
      contentType: 'image/webp',
    });
    await storage.delete('properties/u1/img-a b-640.webp');
    expect(await storage.get('properties/u1/img-a b-640.webp')).toBeNull();
    expect(refused).toBe(0);
  });

  it('fails loudly when the service refuses (wrong credentials)', async () => {
    const storage = new S3FileStorage({
      endpoint,
      bucket: 'uploads',
      region: 'eu-test-1',
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'wrong',
    });
    await expect(storage.put('x.webp', new Uint8Array([1]), 'image/webp')).rejects.toThrow(
      'Object storage refused PUT x.webp: 403',
    );
    expect(refused).toBe(1);
  });

  it('gives browsers the public URL when there is one, else the /uploads route', () => {
    const base = { endpoint, bucket: 'b', region: 'r', ...credentials };
    expect(new S3FileStorage({ ...base, publicUrl: 'https://cdn.example.com/' }).url('a/b c.webp')).toBe(
      'https://cdn.example.com/a/b%20c.webp',
    );
    expect(new S3FileStorage(base).url('a/b.webp')).toBe('/uploads/a/b.webp');
  });
});
