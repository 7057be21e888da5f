import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../logger.ts';
import { isOwnOrigin } from './request-origin.ts';

describe('isOwnOrigin', () => {
  afterEach(() => vi.restoreAllMocks());

  it('accepts the origin the request came to and refuses others, opaque ones included', () => {
    expect(isOwnOrigin('http://shop.example:8080', 'http://shop.example:8080/api/x')).toBe(true);
    expect(isOwnOrigin('https://evil.example', 'http://shop.example/api/x')).toBe(false);
    expect(isOwnOrigin('null', 'http://shop.example/api/x')).toBe(false);
    expect(isOwnOrigin(undefined, 'http://shop.example/api/x')).toBe(false);
  });

  it('says once which setting to change when only the scheme differs, as behind a TLS proxy', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
    expect(isOwnOrigin('https://evil.example', 'http://shop.example/')).toBe(false);
    expect(warn).not.toHaveBeenCalled();
    expect(isOwnOrigin('https://shop.example', 'http://shop.example/')).toBe(false);
    expect(isOwnOrigin('https://shop.example', 'http://shop.example/')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain('PUBLIC_URL');
    expect(warn.mock.calls[0]![1]).toMatchObject({
      origin: 'https://shop.example',
      requestOrigin: 'http://shop.example',
    });
  });
});
