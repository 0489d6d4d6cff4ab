import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * How deep objects and arrays may nest in a JSON body. No API body nests past four levels; a client sending
 * thousands of levels (`{"a":{"a":...}}`) would otherwise reach code that walks the value recursively (the
 * validator's non-finite number check) and overflow its stack: a 500 for input anyone can send.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`: one pass over the characters, counting the
 * brackets outside strings, so any depth is measured without recursion (and before `JSON.parse` builds it).
 * Text that is not JSON is left to the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > limit) return true;
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * JSON bodies are parsed by Fastify's own parser (prototype poisoning refused, empty and broken bodies answered
 * with their own messages), after a depth check: a body nested deeper than MAX_JSON_DEPTH is a 400 before
 * anything walks it. Registered before any route plugin, so every route inherits it.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(badRequest(`The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels.`));
      return;
    }
    parse(request, text, done);
  });
}
