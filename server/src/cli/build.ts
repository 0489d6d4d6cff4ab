import { buildAndRecord } from './build-inputs.js';

/**
 * `npm run build`: compiles contracts and server, builds the web app into web/dist, and records what it read,
 * so that the next `npm start` needs no build of its own.
 */
buildAndRecord().catch((error: unknown) => {
  console.error(`The build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
