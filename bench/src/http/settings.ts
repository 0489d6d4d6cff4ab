// The HTTP rounds' size and the PostgreSQL server they may use, from the environment (see main.ts).

export const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 100_000);
export const GROUPS = Number(process.env.BENCH_GROUPS ?? 50_000);
export const durationSeconds = Number(process.env.BENCH_DURATION ?? 4);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
