import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../src/platform/logger.js';

describe('redactUrl', () => {
  it.each([
    ['/?code=abc123&state=xyz', '/?code=%5Bredacted%5D&state=%5Bredacted%5D'],
    ['/group-projects?page=2', '/group-projects?page=2'],
    ['/api/x?token=t&sort=name', '/api/x?token=%5Bredacted%5D&sort=name'],
    ['/plain', '/plain'],
  ])('%s -> %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('request logging', () => {
  it('never writes cookies, OAuth codes or tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const { serializers, redact, formatters, level } = loggerOptions('info') as pino.LoggerOptions;
    const logger = pino({ serializers, redact, formatters, level }, sink);
    const app = Fastify({ loggerInstance: logger });
    app.get('/', async (request) => {
      const user = { login: 'ada', token: 'gho_secret', accessToken: 'gho_other' };
      request.log.info({ user }, 'signed in');
      request.log.error({ err: Object.assign(new Error('exchange failed'), { password: 'pw-1' }) }, 'failed');
      // The caller's objects are left as they were.
      expect(user.token).toBe('gho_secret');
      return 'ok';
    });
    await app.inject({
      method: 'GET',
      url: '/?code=oauth-code-1&state=s1',
      headers: { cookie: 'sid=session-1' },
    });
    await app.close();
    const output = lines.join('');
    expect(output).toContain('signed in');
    expect(output).toContain('"login":"ada"');
    expect(output).toContain('exchange failed');
    expect(output).toMatch(/"stack":"Error: exchange failed/);
    for (const secret of ['oauth-code-1', 'session-1', 'gho_secret', 'gho_other', 'pw-1']) {
      expect(output).not.toContain(secret);
    }
  });
});
