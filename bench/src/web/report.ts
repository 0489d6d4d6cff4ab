/** What Lighthouse made of one page: the medians of its runs. */
export interface PageResult {
  label: string;
  url: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  benchmarkIndex: number;
}

/** The issue's target for every page, whatever the machine. */
export const LIGHTHOUSE_TARGET = 95;
/** A page scores at most this many points below the floor on the same machine in the same run. */
export const FLOOR_SCORE_MARGIN = 5;
/** A page's total blocking time is at most this many times the floor's. */
export const FLOOR_TBT_RATIO = 1.5;

export const FLOOR_LABEL = 'floor (bare React)';

/** Within 5 points of the floor's score and at most 1.5 times its blocking time. */
export function meetsFloor(page: PageResult, floor: PageResult): boolean {
  return (
    page.score >= floor.score - FLOOR_SCORE_MARGIN &&
    // A floor that blocks for no time at all leaves no ratio: nothing above it passes.
    page.tbtMs <= floor.tbtMs * FLOOR_TBT_RATIO
  );
}

function tbtRatio(page: PageResult, floor: PageResult): string {
  if (floor.tbtMs === 0) return page.tbtMs === 0 ? '1.0x' : '   -';
  return `${(page.tbtMs / floor.tbtMs).toFixed(1)}x`;
}

export function printResults(results: PageResult[], runs: number): void {
  const floor = results.find((r) => r.label === FLOOR_LABEL);
  console.log(
    `Lighthouse mobile performance${runs > 1 ? ` (median of ${runs} runs, the floor and the pages in turn)` : ''}, ` +
      `target >= ${LIGHTHOUSE_TARGET}; against the floor (a bare React page, same React, router, Vite config and ` +
      `server code): within ${FLOOR_SCORE_MARGIN} points of its score and <= ${FLOOR_TBT_RATIO}x its TBT ` +
      `(bench = the machine's benchmark index in that run; lower means busier, and lower scores):`,
  );
  console.log(
    [
      '  page'.padEnd(22),
      'score'.padStart(5),
      'LCP s'.padStart(7),
      'TBT ms'.padStart(7),
      'CLS'.padStart(6),
      'bench'.padStart(6),
      ' 95?'.padEnd(8),
      'vs floor'.padStart(8),
      'TBT/floor'.padStart(9),
      ' floor?',
    ].join(' '),
  );
  for (const r of results) {
    const isFloor = r === floor;
    const againstFloor =
      floor && !isFloor
        ? [
            `${r.score - floor.score >= 0 ? '+' : ''}${r.score - floor.score}`.padStart(8),
            tbtRatio(r, floor).padStart(9),
            ` ${meetsFloor(r, floor) ? 'met' : 'NOT MET'}`.padEnd(8),
          ]
        : [''.padStart(8), ''.padStart(9), ''.padEnd(8)];
    console.log(
      [
        `  ${r.label}`.padEnd(22),
        String(r.score).padStart(5),
        (r.lcpMs / 1000).toFixed(2).padStart(7),
        r.tbtMs.toFixed(0).padStart(7),
        r.cls.toFixed(3).padStart(6),
        String(Math.round(r.benchmarkIndex)).padStart(6),
        ` ${r.score >= LIGHTHOUSE_TARGET ? 'met' : 'NOT MET'}`.padEnd(8),
        ...againstFloor,
        ` ${new URL(r.url).pathname}`,
      ].join(' '),
    );
  }
}

/** Issue 26: a project's page scores at least a group's page, measured in the same run. */
export function printProjectAgainstGroup(results: PageResult[]): void {
  const group = results.find((r) => r.label === 'a group page');
  const project = results.find((r) => r.label === 'a project page');
  if (!group || !project) return;
  console.log(
    `  project page (${project.score}) >= group page (${group.score}): ${project.score >= group.score ? 'met' : 'NOT MET'}`,
  );
}
