import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { loadServerRenderer } from '../src/platform/http/server-render.js';
import { buildServerRendering } from './support/server-render-build.js';

/** Whether jsdom (the server's window for the Markdown renderer's sanitiser) is loaded in this process. */
function jsdomLoaded(): boolean {
  return Object.keys(createRequire(import.meta.url).cache).some((file) =>
    /[\\/]jsdom[\\/]lib[\\/]api\.js$/.test(file),
  );
}

describe('the server rendering, as the server starts', () => {
  it('is ready for a Markdown description before the server answers anything: jsdom is loaded up front, not in a request', async () => {
    const webDistDir = await buildServerRendering();
    // Loading jsdom is half a second to a second of synchronous work: inside a request, every other request
    // and socket of the server waited for it.
    expect(jsdomLoaded()).toBe(false);
    const renderer = await loadServerRenderer(webDistDir, () => {});
    expect(renderer).not.toBeNull();
    expect(jsdomLoaded()).toBe(true);
  });
});
