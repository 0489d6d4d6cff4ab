import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

const noDisk = { persistSecret: false };

describe('catalogue sync configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, noDisk);
    expect(config.sync).toEqual({
      ecosystemsUrl: 'https://packages.ecosyste.ms',
      intervalMinutes: 360,
      batchSize: 50,
      maxWaitMs: 60_000,
      rechecksPerHour: 500,
    });
    expect(config.github.graphqlUrl).toBe('https://api.github.com/graphql');
  });

  it('finds GraphQL beside REST, and at /api/graphql on GitHub Enterprise Server', () => {
    expect(loadConfig({ GITHUB_API_URL: 'https://ghe.example/api/v3/' }, noDisk).github.graphqlUrl).toBe(
      'https://ghe.example/api/graphql',
    );
    expect(loadConfig({ GITHUB_API_URL: 'http://127.0.0.1:9999' }, noDisk).github.graphqlUrl).toBe(
      'http://127.0.0.1:9999/graphql',
    );
  });

  it('reads the settings, and names a bad one in one line', () => {
    const config = loadConfig(
      {
        ECOSYSTEMS_URL: 'https://ecosystems.internal/',
        SYNC_INTERVAL_MINUTES: '0',
        SYNC_BATCH_SIZE: '100',
        SYNC_MAX_WAIT_SECONDS: '5',
        ISSUE_RECHECKS_PER_HOUR: '0',
      },
      noDisk,
    );
    expect(config.sync).toEqual({
      ecosystemsUrl: 'https://ecosystems.internal',
      intervalMinutes: 0,
      batchSize: 100,
      maxWaitMs: 5000,
      rechecksPerHour: 0,
    });
    expect(() => loadConfig({ SYNC_BATCH_SIZE: '101' }, noDisk)).toThrow(
      'Invalid configuration: SYNC_BATCH_SIZE must be an integer from 1 to 100 (repositories per GitHub GraphQL query) (got "101")',
    );
    expect(() => loadConfig({ ISSUE_RECHECKS_PER_HOUR: '-1' }, noDisk)).toThrow(
      /^Invalid configuration: ISSUE_RECHECKS_PER_HOUR must be an integer from 0 \(no rechecks\) to 100000/,
    );
    expect(() => loadConfig({ SYNC_INTERVAL_MINUTES: '-5' }, noDisk)).toThrow(
      /^Invalid configuration: SYNC_INTERVAL_MINUTES must be an integer number of minutes/,
    );
    expect(() => loadConfig({ ECOSYSTEMS_URL: 'ftp://x' }, noDisk)).toThrow(
      /^Invalid configuration: ECOSYSTEMS_URL/,
    );
  });
});
