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
    const { serializers, redact, level } = loggerOptions('info') as pino.LoggerOptions;
    const logger = pino({ serializers, redact, level }, sink);
    const app = Fastify({ loggerInstance: logger });
    app.get('/', async (request) => {
      request.log.info({ user: { token: 'gho_secret', accessToken: 'gho_other' } }, 'signed in');
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
    for (const secret of ['oauth-code-1', 'session-1', 'gho_secret', 'gho_other']) {
      expect(output).not.toContain(secret);
    }
  });
});
