import { freshServerDatabase, startServer } from './http/server.js';
import { postgresUrl, PROJECTS } from './http/settings.js';
import { startBenchPostgres, type BenchPostgres } from './realtime/postgres.js';

/**
 * "Flat": streaming the whole sitemap grows what the server holds live by at most this much (a file of 50,000
 * addresses is about 6 MB of text: a server that built it whole would pass this)...
 */
const FLAT_HEAP_MB = 4;
/** ... and by about as much for ten times the rows: the large catalogue's growth within this of the small one's. */
const SAME_AS_SMALL_MB = 2;

const MB = 1024 * 1024;

interface SitemapFigures {
  projects: number;
  groups: number;
  files: number;
  urls: number;
  bytes: number;
  seconds: number;
  before: { rss: number; heapUsed: number };
  /** Sampled every 5 ms: the heap garbage included (it goes at the next collection), and the RSS. */
  peak: { rss: number; heapUsed: number };
  /** The second read, sampled every 50 ms after a full collection: the most the server held live at once. */
  liveBefore: number;
  livePeak: number;
}

/**
 * The sitemap on PostgreSQL: every file of /sitemap.xml read to the end (as a crawler does, one after another),
 * at two sizes, BENCH_PROJECTS (100,000) and a tenth of it, each with a tenth as many groups (a quarter private).
 * Beside the time, the server's memory: its RSS and heap after a garbage collection before the first file, and
 * the highest of each while the files stream (sampled every 5 ms in the server). The files are streamed from
 * keyset-paged reads of 1,000 rows, so the heap should grow by about the same small amount at both sizes
 * (flat); a server that built each file of 50,000 addresses in memory would grow with the catalogue. The exit
 * code is 1 when the sitemap lists another number of addresses than there are pages, never for a figure.
 */
export async function runSitemapBench(): Promise<boolean> {
  let postgres: BenchPostgres | null = null;
  let url = postgresUrl;
  if (!url) {
    postgres = await startBenchPostgres().catch((error: unknown) => {
      console.log(`could not start a private PostgreSQL server: ${(error as Error).message}`);
      return null;
    });
    url = postgres?.url;
  }
  if (!url) {
    console.log(
      '\n(the sitemap round needs PostgreSQL: binaries for a private server, or BENCH_DATABASE_URL)',
    );
    return true;
  }
  try {
    const sizes = [Math.max(1, Math.round(PROJECTS / 10)), PROJECTS];
    console.log(`\n== Sitemap, PostgreSQL: every file streamed, at ${sizes.join(' and ')} projects`);
    const figures: SitemapFigures[] = [];
    for (const projects of sizes) figures.push(await measureSitemap(url, projects));
    printFigures(figures);
    return figures.every((f) => f.urls === f.projects + f.groups);
  } finally {
    await postgres?.dispose();
  }
}

async function measureSitemap(adminUrl: string, projects: number): Promise<SitemapFigures> {
  const groups = Math.round(projects / 10);
  const server = await startServer({
    DATABASE_URL: await freshServerDatabase(adminUrl, `openlfg_bench_sitemap_${projects}`),
    BENCH_PROJECTS: String(projects),
    BENCH_GROUPS: String(groups),
  });
  try {
    // Once through first, so the baseline holds the code and the pool the first requests load.
    await readSitemap(server.address);
    const before = await server.memory('start');
    const started = performance.now();
    const read = await readSitemap(server.address);
    const seconds = (performance.now() - started) / 1000;
    const peak = await server.memory('stop');
    const liveBefore = (await server.memory('start-live')).heapUsed;
    await readSitemap(server.address);
    const livePeak = (await server.memory('stop')).heapUsed;
    // generateGroups makes one in four private: those are never listed.
    const publicGroups = groups - Math.floor(groups / 4);
    return { projects, groups: publicGroups, ...read, seconds, before, peak, liveBefore, livePeak };
  } finally {
    await server.stop();
  }
}

/** Reads the index, then each file it names to its end, counting addresses as they arrive. */
async function readSitemap(address: string): Promise<{ files: number; urls: number; bytes: number }> {
  const index = await fetch(`${address}/sitemap.xml`);
  if (!index.ok) throw new Error(`/sitemap.xml answered ${index.status}`);
  const files = [...(await index.text()).matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].map(
    ([, path]) => path ?? '',
  );
  let urls = 0;
  let bytes = 0;
  for (const path of files) {
    const res = await fetch(`${address}${path}`);
    if (!res.ok || !res.body) throw new Error(`${path} answered ${res.status}`);
    const decoder = new TextDecoder();
    let carry = '';
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      // An element's tag may be cut between chunks: the end of one is read again with the next.
      const text = carry + decoder.decode(chunk, { stream: true });
      urls += text.split('</url>').length - 1;
      const last = text.lastIndexOf('</url>');
      carry = (last === -1 ? text : text.slice(last + '</url>'.length)).slice(-5);
    }
  }
  return { files: files.length, urls, bytes };
}

function printFigures(figures: SitemapFigures[]): void {
  const mb = (bytes: number) => (bytes / MB).toFixed(1);
  const columns: [string, (f: SitemapFigures) => string][] = [
    ['projects', (f) => String(f.projects)],
    ['groups', (f) => String(f.groups)],
    ['files', (f) => String(f.files)],
    ['addresses', (f) => String(f.urls)],
    ['MB sent', (f) => mb(f.bytes)],
    ['s', (f) => f.seconds.toFixed(1)],
    ['RSS before', (f) => mb(f.before.rss)],
    ['RSS peak', (f) => mb(f.peak.rss)],
    ['heap before', (f) => mb(f.before.heapUsed)],
    ['heap peak', (f) => mb(f.peak.heapUsed)],
    ['live peak', (f) => mb(f.livePeak)],
    ['live growth', (f) => mb(f.livePeak - f.liveBefore)],
  ];
  const width = (label: string) => Math.max(label.length, 8);
  console.log(`  ${columns.map(([label]) => label.padStart(width(label))).join(' ')}`);
  for (const f of figures) {
    console.log(`  ${columns.map(([label, value]) => value(f).padStart(width(label))).join(' ')}`);
    if (f.urls !== f.projects + f.groups) {
      console.log(
        `  WRONG: ${f.urls} addresses listed for ${f.projects} projects and ${f.groups} public groups`,
      );
    }
  }
  console.log(
    '  (MB; peaks sampled every 5 ms, the heap with its garbage, which V8 collects as the heap grows; live peak:\n' +
      '   a second read sampled every 50 ms after a full collection; live growth: that less the live heap before)',
  );
  const growth = figures.map((f) => (f.livePeak - f.liveBefore) / MB);
  const small = growth[0] ?? 0;
  const large = growth.at(-1) ?? 0;
  const worst = Math.max(...growth);
  const line = (label: string, value: number, target: string, ok: boolean) =>
    console.log(
      `  ${label.padEnd(60)} ${value.toFixed(1).padStart(6)}   target ${target}   ${ok ? 'met' : 'NOT MET'}`,
    );
  console.log(
    'targets (flat: the server holds a batch of rows at a time, not a file, whatever the catalogue):',
  );
  line(
    'live heap growth while streaming, MB (the larger of the sizes)',
    worst,
    `<= ${FLAT_HEAP_MB}`,
    worst <= FLAT_HEAP_MB,
  );
  line(
    `live heap growth at ${figures.at(-1)?.projects} less at ${figures[0]?.projects} projects, MB`,
    large - small,
    `<= ${SAME_AS_SMALL_MB}`,
    large - small <= SAME_AS_SMALL_MB,
  );
}
