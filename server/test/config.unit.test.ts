import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const noDisk = { persistSecret: false };

describe('loadConfig', () => {
  it('needs no variable for a local run', () => {
    const config = loadConfig({}, noDisk);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      publicUrl: 'http://localhost:3000',
      host: 'localhost',
      isProduction: false,
      databaseUrl: undefined,
    });
    expect(config.dataDir).toBe(path.resolve('.data'));
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('follows PORT for the public URL when PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4100' }, noDisk).publicUrl).toBe('http://localhost:4100');
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://openlfg.example/' }, noDisk).publicUrl).toBe(
      'https://openlfg.example',
    );
  });

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be an integer from 0 to 65535 (got "abc")'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be an integer from 0 to 65535 (got "70000")'],
    [
      { NODE_ENV: 'prod' },
      'Invalid configuration: NODE_ENV must be one of development, production, test (got "prod")',
    ],
    [{ PUBLIC_URL: 'localhost:3000' }, 'Invalid configuration: PUBLIC_URL must be the http(s) origin'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Invalid configuration: DATABASE_URL must be a PostgreSQL connection URL',
    ],
    [{ TRUST_PROXY: 'yes' }, 'Invalid configuration: TRUST_PROXY must be true or false'],
    [{ REDIS_URL: 'localhost:6379' }, 'Invalid configuration: REDIS_URL must be a Redis connection URL'],
    [{ REDIS_URL: 'http://cache:6379' }, 'Invalid configuration: REDIS_URL must be a Redis connection URL'],
    [{ SMTP_URL: 'mail.example.org:587' }, 'Invalid configuration: SMTP_URL must be an SMTP server URL'],
    [{ MAIL_FROM: 'OpenLFG' }, 'Invalid configuration: MAIL_FROM must be the sender of notification mail'],
    [
      { SESSION_SECRET: 'short' },
      'Invalid configuration: SESSION_SECRET must be a random string of at least 32',
    ],
  ])('stops on %o with one line naming the variable', (env, message) => {
    let thrown: unknown;
    try {
      loadConfig(env, noDisk);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message.startsWith(message)).toBe(true);
    expect((thrown as Error).message).not.toContain('\n');
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '' }, noDisk)).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      redisUrl: undefined,
    });
  });

  it("sends mail only with SMTP_URL, from MAIL_FROM or the site's own host", () => {
    expect(loadConfig({}, noDisk).mail).toBeNull();
    expect(
      loadConfig({ SMTP_URL: 'smtp://u:p@mail:587', PUBLIC_URL: 'https://openlfg.example' }, noDisk).mail,
    ).toEqual({
      smtpUrl: 'smtp://u:p@mail:587',
      from: 'OpenLFG <notifications@openlfg.example>',
      timeoutMs: 10000,
    });
  });

  it('reads the Redis that holds the shared rate-limit counters', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }, noDisk).redisUrl).toBe('redis://cache:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380' }, noDisk).redisUrl).toBe(
      'rediss://:pw@cache:6380',
    );
  });

  const github = { GITHUB_CLIENT_ID: 'Iv1.id', GITHUB_CLIENT_SECRET: 'secret' };

  it('requires SESSION_SECRET and a GitHub OAuth app in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...github }, noDisk)).toThrow(
      'SESSION_SECRET must be set in production',
    );
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40) }, noDisk)).toThrow(
      'GITHUB_CLIENT_ID must be set in production',
    );
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), ...github }, noDisk);
    expect(config).toMatchObject({
      isProduction: true,
      host: '0.0.0.0',
      sessionSecret: 's'.repeat(40),
      devSignIn: false,
      github: { oauthApp: { clientId: 'Iv1.id', clientSecret: 'secret' } },
    });
  });

  it('turns development sign-in on only when no OAuth app is configured', () => {
    expect(loadConfig({}, noDisk).devSignIn).toBe(true);
    expect(loadConfig(github, noDisk).devSignIn).toBe(false);
    expect(() => loadConfig({ GITHUB_CLIENT_ID: 'Iv1.id' }, noDisk)).toThrow(
      'Invalid configuration: GITHUB_CLIENT_SECRET must be set too',
    );
  });

  it('reads GitHub Enterprise URLs and session timeouts', () => {
    const config = loadConfig(
      {
        GITHUB_OAUTH_URL: 'https://ghe.example/',
        GITHUB_API_URL: 'https://ghe.example/api/v3',
        SESSION_IDLE_TIMEOUT_HOURS: '1.5',
        SESSION_ABSOLUTE_TIMEOUT_HOURS: '48',
      },
      noDisk,
    );
    expect(config.github).toMatchObject({
      oauthUrl: 'https://ghe.example',
      apiUrl: 'https://ghe.example/api/v3',
    });
    expect(config.sessions).toEqual({ idleTimeoutMs: 1.5 * 3600_000, absoluteTimeoutMs: 48 * 3600_000 });
  });

  it('caps WebSockets per address at 60 unless told otherwise, 0 being no cap', () => {
    expect(loadConfig({}, noDisk).realtimeSocketsPerAddress).toBe(60);
    expect(loadConfig({ REALTIME_SOCKETS_PER_ADDRESS: '0' }, noDisk).realtimeSocketsPerAddress).toBe(0);
    expect(() => loadConfig({ REALTIME_SOCKETS_PER_ADDRESS: '-1' }, noDisk)).toThrow(
      'REALTIME_SOCKETS_PER_ADDRESS must be an integer number of WebSockets per address per node',
    );
  });

  it('gives a request 10 s to arrive unless told otherwise', () => {
    expect(loadConfig({}, noDisk).requestTimeoutMs).toBe(10_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '2500' }, noDisk).requestTimeoutMs).toBe(2500);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' }, noDisk)).toThrow(
      'REQUEST_TIMEOUT_MS must be an integer number of milliseconds from 100 to 600000',
    );
  });

  it('generates a session secret once, keeps it private in DATA_DIR, and reuses it', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'openlfg-config-')), 'nested');
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.sessionSecret).toBe(first.sessionSecret);
    const file = path.join(dataDir, 'session-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'openlfg-config-')) }).sessionSecret,
    ).not.toBe(first.sessionSecret);
  });
});
