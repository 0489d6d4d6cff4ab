import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { EnvSchema } from './config-env.js';

type Env = Static<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  /** Origin of the site, without a trailing slash: the only Origin accepted on state-changing requests. */
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** Where the nodes share the rate limits' counters; unset, each node counts in its own memory. */
  redisUrl: string | undefined;
  sessionSecret: string;
  logLevel: string;
  trustProxy: boolean;
  /** How long a client may take to send a request's headers and body; past it the answer is 408. */
  requestTimeoutMs: number;
  shutdownTimeoutMs: number;
  /** The bearer token `/metrics` asks for; null leaves `/metrics` off (404). */
  metricsToken: string | null;
  /** Requests per minute: per client on /api, and per address on the sign-in routes. 0 is no limit. */
  rateLimits: { perMinute: number; signInPerMinute: number };
  /** Requests to join per user: pending at once, and made in 24 hours. 0 is no limit. */
  joinRequestLimits: { pending: number; perDay: number };
  /** How long a node may answer project lists from its cache; 0 turns the cache off. */
  listCacheTtlMs: number;
  /** Open WebSockets one address may hold on a node; 0 is no cap. */
  realtimeSocketsPerAddress: number;
  github: {
    /** Null when no OAuth app is configured: development sign-in takes its place (never in production). */
    oauthApp: { clientId: string; clientSecret: string } | null;
    oauthUrl: string;
    apiUrl: string;
    timeoutMs: number;
    /** GitHub's GraphQL endpoint: `API/graphql`, or `https://HOST/api/graphql` on GitHub Enterprise. */
    graphqlUrl: string;
    /** Server-side token for public reads (issues, catalogue sync); null reads anonymously. */
    token: string | null;
    /** The secret GitHub signs webhook deliveries with; null: POST /api/github/webhooks answers 404. */
    webhookSecret: string | null;
    /** The GitHub App whose installation tokens read the repositories it covers; null: the server token. */
    app: { id: string; privateKey: string } | null;
  };
  sync: {
    /** Base URL of ecosyste.ms' packages API, where used-by counts come from. */
    ecosystemsUrl: string;
    /** How often each node tries a scheduled sync (the lock lets one run); 0 turns the schedule off. */
    intervalMinutes: number;
    /** Repositories per GraphQL query. */
    batchSize: number;
    /** The longest rate-limit wait a run sits out; a longer one stops the run until the next. */
    maxWaitMs: number;
    /** Issues rechecked with GitHub when viewed with facts older than half an hour, per hour (all nodes); 0: none. */
    rechecksPerHour: number;
  };
  sessions: { idleTimeoutMs: number; absoluteTimeoutMs: number };
  /** True when sign-in goes through the built-in development page instead of GitHub. */
  devSignIn: boolean;
  /** The moderators' GitHub logins (ADMIN_LOGINS), lowercased: compared ignoring case. */
  adminLogins: string[];
  /** Notification email; null when SMTP_URL is unset (notifications stay in the app). */
  mail: { smtpUrl: string; from: string; timeoutMs: number } | null;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const SESSION_SECRET_FILE = 'session-secret';

/**
 * Reads and checks the environment. Throws a ConfigError whose message is one line naming the first bad
 * variable. `persistSecret: false` lets tests run without touching the disk.
 */
export function loadConfig(
  source: NodeJS.ProcessEnv = process.env,
  options: { persistSecret?: boolean } = {},
): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const value = source[key];
    // An empty variable counts as unset, the way shells and .env files usually mean it.
    if (value !== undefined && value !== '') raw[key] = value;
  }
  const env = Value.Convert(EnvSchema, Value.Default(EnvSchema, Value.Clone(raw)));
  const firstError = [...Value.Errors(EnvSchema, env)][0];
  if (firstError) {
    const key = firstError.instancePath.split('/')[1] ?? firstError.instancePath;
    const schema = (EnvSchema.properties as Record<string, TSchema & { description?: string }>)[key];
    throw new ConfigError(
      `Invalid configuration: ${key} must be ${schema?.description ?? 'valid'} (got ${JSON.stringify(raw[key])})`,
    );
  }
  const valid = env as Env;
  const isProduction = valid.NODE_ENV === 'production';
  const dataDir = path.resolve(valid.DATA_DIR);

  let sessionSecret = valid.SESSION_SECRET;
  if (!sessionSecret) {
    if (isProduction) {
      throw new ConfigError(
        'Invalid configuration: SESSION_SECRET must be set in production (a random string of at least 32 characters)',
      );
    }
    sessionSecret =
      options.persistSecret === false ? randomBytes(32).toString('hex') : loadOrCreateSecret(dataDir);
  }

  const hasClientId = valid.GITHUB_CLIENT_ID !== undefined;
  if (hasClientId !== (valid.GITHUB_CLIENT_SECRET !== undefined)) {
    const missing = hasClientId ? 'GITHUB_CLIENT_SECRET' : 'GITHUB_CLIENT_ID';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too (GitHub sign-in needs both the client id and secret)`,
    );
  }
  const hasAppId = valid.GITHUB_APP_ID !== undefined;
  if (hasAppId !== (valid.GITHUB_APP_PRIVATE_KEY !== undefined)) {
    const missing = hasAppId ? 'GITHUB_APP_PRIVATE_KEY' : 'GITHUB_APP_ID';
    throw new ConfigError(
      `Invalid configuration: ${missing} must be set too (the GitHub App needs both its id and private key)`,
    );
  }
  if (isProduction && !hasClientId) {
    throw new ConfigError(
      'Invalid configuration: GITHUB_CLIENT_ID must be set in production (with GITHUB_CLIENT_SECRET, from your GitHub OAuth app)',
    );
  }
  const hour = 60 * 60 * 1000;
  const apiUrl = valid.GITHUB_API_URL.replace(/\/+$/, '');

  return {
    env: valid.NODE_ENV,
    isProduction,
    host: valid.HOST ?? (isProduction ? '0.0.0.0' : 'localhost'),
    port: valid.PORT,
    // Unset, the site is wherever this process listens locally: http://localhost:PORT.
    publicUrl: new URL(valid.PUBLIC_URL ?? `http://localhost:${valid.PORT}`).origin,
    dataDir,
    databaseUrl: valid.DATABASE_URL,
    databasePoolSize: valid.DATABASE_POOL_SIZE,
    redisUrl: valid.REDIS_URL,
    sessionSecret,
    logLevel: valid.LOG_LEVEL,
    trustProxy: valid.TRUST_PROXY,
    requestTimeoutMs: valid.REQUEST_TIMEOUT_MS,
    shutdownTimeoutMs: valid.SHUTDOWN_TIMEOUT_MS,
    metricsToken: valid.METRICS_TOKEN ?? null,
    listCacheTtlMs: valid.LIST_CACHE_TTL_MS,
    realtimeSocketsPerAddress: valid.REALTIME_SOCKETS_PER_ADDRESS,
    mail: valid.SMTP_URL
      ? {
          smtpUrl: valid.SMTP_URL,
          from:
            valid.MAIL_FROM ??
            `OpenLFG <notifications@${new URL(valid.PUBLIC_URL ?? 'http://localhost').hostname}>`,
          timeoutMs: valid.MAIL_TIMEOUT_MS,
        }
      : null,
    rateLimits: {
      perMinute: valid.RATE_LIMIT_PER_MINUTE,
      signInPerMinute: valid.SIGN_IN_RATE_LIMIT_PER_MINUTE,
    },
    joinRequestLimits: {
      pending: valid.JOIN_REQUESTS_PENDING_MAX,
      perDay: valid.JOIN_REQUESTS_PER_DAY_MAX,
    },
    github: {
      oauthApp:
        valid.GITHUB_CLIENT_ID && valid.GITHUB_CLIENT_SECRET
          ? { clientId: valid.GITHUB_CLIENT_ID, clientSecret: valid.GITHUB_CLIENT_SECRET }
          : null,
      oauthUrl: valid.GITHUB_OAUTH_URL.replace(/\/+$/, ''),
      apiUrl,
      graphqlUrl: graphqlUrlFor(apiUrl),
      timeoutMs: valid.GITHUB_TIMEOUT_MS,
      token: valid.GITHUB_TOKEN ?? null,
      webhookSecret: valid.GITHUB_WEBHOOK_SECRET ?? null,
      app:
        valid.GITHUB_APP_ID && valid.GITHUB_APP_PRIVATE_KEY
          ? { id: valid.GITHUB_APP_ID, privateKey: valid.GITHUB_APP_PRIVATE_KEY }
          : null,
    },
    sync: {
      ecosystemsUrl: valid.ECOSYSTEMS_URL.replace(/\/+$/, ''),
      intervalMinutes: valid.SYNC_INTERVAL_MINUTES,
      batchSize: valid.SYNC_BATCH_SIZE,
      maxWaitMs: valid.SYNC_MAX_WAIT_SECONDS * 1000,
      rechecksPerHour: valid.ISSUE_RECHECKS_PER_HOUR,
    },
    sessions: {
      idleTimeoutMs: valid.SESSION_IDLE_TIMEOUT_HOURS * hour,
      absoluteTimeoutMs: valid.SESSION_ABSOLUTE_TIMEOUT_HOURS * hour,
    },
    devSignIn: !hasClientId,
    adminLogins: [
      ...new Set(
        valid.ADMIN_LOGINS.split(',')
          .map((login) => login.trim().toLowerCase())
          .filter((login) => login !== ''),
      ),
    ],
  };
}

/**
 * GitHub serves GraphQL beside REST (api.github.com/graphql), except on GitHub Enterprise Server, where REST is
 * under /api/v3 and GraphQL under /api/graphql.
 */
export function graphqlUrlFor(apiUrl: string): string {
  return /\/api\/v3$/i.test(apiUrl) ? apiUrl.replace(/\/v3$/i, '/graphql') : `${apiUrl}/graphql`;
}

/**
 * Local runs need no SESSION_SECRET: one is generated once and kept in DATA_DIR so sessions survive restarts.
 * Written with mode 0600 because it signs every session cookie.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
