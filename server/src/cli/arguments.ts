import { parseArgs } from 'node:util';

/**
 * A command's arguments: `--help` (or `-h`) prints its usage and exits 0; an option it does not know, or an
 * argument it takes none of, prints what was wrong and the usage, and exits 2. Returns the paths given.
 */
export function readArguments(usage: string, options: { paths: boolean }): string[] {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { help: { type: 'boolean', short: 'h' } },
      allowPositionals: options.paths,
      strict: true,
    });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${usage}`);
    process.exit(2);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  return parsed.positionals;
}
