import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprintBuildInputs, reasonToBuild, recordBuild } from '../src/cli/build-inputs.js';

/** `npm start` builds only when what the build reads changed: a checkout laid out as the real one, in small. */
function checkout(): { root: string; write: (file: string, text: string) => void } {
  const root = mkdtempSync(path.join(tmpdir(), 'openlfg-checkout-'));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write('package.json', '{}');
  write('package-lock.json', '{}');
  write('contracts/src/index.ts', 'export const a = 1;');
  write('server/src/main.ts', 'console.log(1);');
  write('web/src/app/App.tsx', 'export const App = () => null;');
  write('web/src/app/App.test.tsx', 'test');
  return { root, write };
}

function writeOutputs(write: (file: string, text: string) => void): void {
  write('contracts/dist/index.js', '');
  write('server/dist/main.js', '');
  write('web/dist/index.html', '');
  write('web/dist-ssr/entry-server.js', '');
}

describe('the build inputs', () => {
  it('change with any source, dependency or config, and not with a test beside the sources', async () => {
    const { root, write } = checkout();
    const first = await fingerprintBuildInputs(root);
    expect(await fingerprintBuildInputs(root)).toBe(first);

    write('web/src/app/App.test.tsx', 'another test');
    write('server/test/health.test.ts', 'a server test');
    expect(await fingerprintBuildInputs(root)).toBe(first);

    const changes: Array<[string, string]> = [
      ['web/src/app/App.tsx', 'export const App = () => 1;'],
      ['web/src/app/New.tsx', 'export {};'],
      ['contracts/src/index.ts', 'export const a = 2;'],
      ['node_modules/.package-lock.json', '{"packages":{}}'],
      ['web/vite.config.ts', 'export default {};'],
    ];
    const seen = new Set([first]);
    for (const [file, text] of changes) {
      write(file, text);
      const next = await fingerprintBuildInputs(root);
      expect(seen.has(next), file).toBe(false);
      seen.add(next);
    }
  });

  it('say why a checkout needs a build, and nothing once the last build read the same inputs', async () => {
    const { root, write } = checkout();
    const fingerprint = await fingerprintBuildInputs(root);
    expect(await reasonToBuild(fingerprint, root)).toBe('no build yet');

    writeOutputs(write);
    expect(await reasonToBuild(fingerprint, root)).toBe('no record of the last build');

    await recordBuild(fingerprint, root);
    expect(await reasonToBuild(fingerprint, root)).toBeNull();

    write('server/src/main.ts', 'console.log(2);');
    expect(await reasonToBuild(await fingerprintBuildInputs(root), root)).toBe(
      'the sources changed since the last build',
    );
  });
});
