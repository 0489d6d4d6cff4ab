import { Writable } from 'node:stream';
import pino from 'pino';
import { loggerOptions } from '../../src/platform/logger.js';

export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** The app's own logger (its serializers and redaction), at info, writing each line parsed into `lines`. */
export function capturedLogger(): { logger: pino.Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  const { serializers, redact } = loggerOptions('info') as pino.LoggerOptions;
  return { logger: pino({ serializers, redact, level: 'info' }, sink), lines };
}
