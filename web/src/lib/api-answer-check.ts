import { API_SCHEMAS, type EndpointName } from '@openlfg/contracts';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * Development builds check every answer against its endpoint's declared success schemas (the ones the server
 * serialises with), so a server and a web app that drifted apart say so in the console at the first call rather
 * than as a blank field somewhere. Loaded only by development builds: production bundles never contain it.
 */
export function answerProblems(name: EndpointName, answer: unknown): string[] {
  const declared = Object.entries(API_SCHEMAS[name].response as Record<string, TSchema>).filter(([status]) =>
    /^2\d\d$/.test(status),
  );
  // A 204 answers no body (the client answers undefined).
  if (answer === undefined && declared.some(([status]) => status === '204')) return [];
  const bodies = declared.filter(([status]) => status !== '204').map(([, schema]) => schema);
  if (bodies.some((schema) => Value.Check(schema, answer))) return [];
  if (bodies.length === 0) return ['an answer with a body, where only 204 is declared'];
  return [...Value.Errors(bodies[0] as TSchema, answer)]
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(the answer)'} ${error.message}`);
}

/** Logs the problems of an answer that does not fit its declaration. */
export function reportAnswerProblems(name: EndpointName, answer: unknown): void {
  const problems = answerProblems(name, answer);
  if (problems.length > 0) {
    console.error(
      `The answer of ${name} does not match its declared schema (contracts/src/api-schemas.ts):\n` +
        problems.join('\n'),
    );
  }
}
