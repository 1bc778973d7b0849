import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseEnv } from './config';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.SEED_DEMO).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names the variable when a value is bad', () => {
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => parseEnv({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL/,
    );
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => parseEnv({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO: must be true or false/);
    expect(() => parseEnv({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(5000);
  });

  it('reads booleans in the usual spellings', () => {
    expect(parseEnv({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
  });
});

describe('loadConfig', () => {
  it('generates a session secret once and keeps it under DATA_DIR', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim()).toBe(
      first.SESSION_SECRET,
    );
  });

  it('derives the public URL from the port unless given', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'uplink-config-'));
    expect(loadConfig({ DATA_DIR: dataDir, PORT: '5123' }).PUBLIC_URL).toBe(
      'http://localhost:5123',
    );
    expect(
      loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://uplink.example.com/' }).PUBLIC_URL,
    ).toBe('https://uplink.example.com');
  });
});

describe('demo data by default only on a local address (issue 9)', () => {
  it.each([
    [{}, true],
    [{ PUBLIC_URL: 'http://localhost:5000' }, true],
    [{ PUBLIC_URL: 'http://127.0.0.1:8080' }, true],
    [{ PUBLIC_URL: 'http://[::1]:5000' }, true],
    [{ PUBLIC_URL: 'https://uplink.example.com' }, false],
    [{ PUBLIC_URL: 'http://192.168.1.20:5000' }, false],
    [{ HOST: '192.168.1.20' }, false],
    [{ PUBLIC_URL: 'https://uplink.example.com', SEED_DEMO: 'true' }, true],
    [{ PUBLIC_URL: 'http://localhost:5000', SEED_DEMO: 'false' }, false],
  ])('%j gives SEED_DEMO=%s', (env, expected) => {
    expect(parseEnv(env as NodeJS.ProcessEnv).SEED_DEMO).toBe(expected);
  });
});
