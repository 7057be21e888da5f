import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('fills every default for an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 4321, DATA_DIR: './data', SEED_DEMO_DATA: true, PUBLIC_BLOCK_DEVTOOLS: false });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('takes the sign-in limit per address from the environment', () => {
    expect(parseEnv({}).SIGN_IN_LIMIT_PER_IP).toBe(50);
    expect(parseEnv({ SIGN_IN_LIMIT_PER_IP: '400' }).SIGN_IN_LIMIT_PER_IP).toBe(400);
    expect(() => parseEnv({ SIGN_IN_LIMIT_PER_IP: '0' })).toThrow(/SIGN_IN_LIMIT_PER_IP/);
  });

  it('takes the registrations per address from the environment', () => {
    expect(parseEnv({}).REGISTER_LIMIT_PER_IP).toBe(10);
    expect(parseEnv({ REGISTER_LIMIT_PER_IP: '200' }).REGISTER_LIMIT_PER_IP).toBe(200);
    expect(() => parseEnv({ REGISTER_LIMIT_PER_IP: 'many' })).toThrow(/REGISTER_LIMIT_PER_IP/);
  });

  it('takes the page read price as a number or `server`', () => {
    expect(parseEnv({}).DATABASE_PAGE_COST).toBe(0.1);
    expect(parseEnv({ DATABASE_PAGE_COST: '1.1' }).DATABASE_PAGE_COST).toBe(1.1);
    expect(parseEnv({ DATABASE_PAGE_COST: 'server' }).DATABASE_PAGE_COST).toBe('server');
    expect(() => parseEnv({ DATABASE_PAGE_COST: 'cheap' })).toThrow(/DATABASE_PAGE_COST/);
    expect(() => parseEnv({ DATABASE_PAGE_COST: '0' })).toThrow(/DATABASE_PAGE_COST/);
  });

  it('takes the origins allowed to call the API as exact origins, none by default', () => {
    expect(parseEnv({}).CORS_ORIGINS).toEqual([]);
    expect(parseEnv({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' }).CORS_ORIGINS).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
    ]);
    for (const bad of ['*', 'https://app.example.com/', 'app.example.com', 'https://app.example.com/path'])
      expect(() => parseEnv({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS\.0: must be origins/);
  });

  it('names each bad variable in one message', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: '123' })).toThrow(
      /PORT:[\s\S]*DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL[\s\S]*ADMIN_PASSWORD/,
    );
  });

  it('needs the S3 settings when files go to object storage', () => {
    expect(() => parseEnv({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(
      /S3_ENDPOINT: required[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/,
    );
    expect(
      parseEnv({
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'https://s3.example.com',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }).STORAGE_DRIVER,
    ).toBe('s3');
  });

  it('reads flags and treats an empty DATABASE_URL as unset', () => {
    const env = parseEnv({ SEED_DEMO_DATA: 'false', PUBLIC_BLOCK_DEVTOOLS: '1', DATABASE_URL: '' });
    expect(env.SEED_DEMO_DATA).toBe(false);
    expect(env.PUBLIC_BLOCK_DEVTOOLS).toBe(true);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('leaves demo mode to the setting unless DEMO_MODE forces it on', () => {
    expect(parseEnv({}).DEMO_MODE).toBe(false);
    expect(parseEnv({ DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
    expect(() => parseEnv({ DEMO_MODE: 'on' })).toThrow(/DEMO_MODE/);
  });
});
