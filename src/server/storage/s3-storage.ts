import { AwsClient } from 'aws4fetch';
import { keyPath, type FileStorage } from './storage.ts';

export interface S3Config {
  /** The service's base URL, e.g. https://s3.eu-west-1.amazonaws.com or a MinIO / R2 endpoint. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers fetch objects (a CDN or public bucket URL); without it files go through /uploads. */
  publicUrl?: string | undefined;
}

/**
 * Files in S3-compatible object storage (path-style requests signed with AWS SigV4), so several app servers share
 * one set of uploads.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: AwsClient;

  constructor(
    private readonly config: S3Config,
    fetchImpl?: typeof fetch,
  ) {
    this.client = new AwsClient({
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      service: 's3',
      region: config.region,
      retries: 2,
    });
    if (fetchImpl) this.fetchImpl = fetchImpl;
  }

  private fetchImpl: typeof fetch = (input, init) => fetch(input, init);

  private objectUrl(key: string): string {
    return `${this.config.endpoint.replace(/\/$/, '')}/${encodeURIComponent(this.config.bucket)}/${keyPath(key)}`;
  }

  private async send(
    method: string,
    key: string,
    init: { body?: Uint8Array; contentType?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    if (init.contentType) headers['content-type'] = init.contentType;
    const request = await this.client.sign(this.objectUrl(key), {
      method,
      headers,
      ...(init.body ? { body: init.body as Uint8Array<ArrayBuffer> } : {}),
    });
    return this.fetchImpl(request, { signal: AbortSignal.timeout(30_000) });
  }

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const response = await this.send('PUT', key, { body, contentType });
    if (!response.ok) throw new Error(`Object storage refused PUT ${key}: ${response.status}`);
  }

  async get(key: string): Promise<{ body: Uint8Array; contentType: string } | null> {
    const response = await this.send('GET', key);
    if (response.status === 404) return null;
    if (!response.ok) throw new Error(`Object storage refused GET ${key}: ${response.status}`);
    return {
      body: new Uint8Array(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
    };
  }

  async delete(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    if (!response.ok && response.status !== 404)
      throw new Error(`Object storage refused DELETE ${key}: ${response.status}`);
  }

  url(key: string): string {
    return this.config.publicUrl
      ? `${this.config.publicUrl.replace(/\/$/, '')}/${keyPath(key)}`
      : `/uploads/${keyPath(key)}`;
  }
}
