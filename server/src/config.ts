import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  JOIN_REQUESTS_PENDING_MAX,
  JOIN_REQUESTS_PER_DAY_MAX,
  REALTIME_MAX_SOCKETS_PER_ADDRESS,
} from '@openlfg/contracts';
import { Type, type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { DEFAULT_DATA_DIR } from './platform/db/data-dir.js';

/**
 * Every environment variable the server reads. Each has a `description` written to finish the sentence
 * "NAME must be ...", which is the one line a bad value prints at boot.
 */
const EnvSchema = Type.Object({
  NODE_ENV: Type.Union([Type.Literal('development'), Type.Literal('production'), Type.Literal('test')], {
    default: 'development',
    description: 'one of development, production, test',
  }),
  HOST: Type.Optional(Type.String({ minLength: 1, description: 'a host name or address to listen on' })),
  PORT: Type.Integer({
    minimum: 0,
    maximum: 65535,
    default: 3000,
    description: 'an integer from 0 to 65535',
  }),
  PUBLIC_URL: Type.Optional(
    Type.String({
      pattern: '^https?://[^/?#]+/?$',
      description: 'the http(s) origin users reach the site at, such as https://openlfg.example',
    }),
  ),
  DATA_DIR: Type.String({ minLength: 1, default: DEFAULT_DATA_DIR, description: 'a folder path' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      description: 'a PostgreSQL connection URL (postgres://user:password@host:5432/database)',
    }),
  ),
  DATABASE_POOL_SIZE: Type.Integer({
    minimum: 1,
    maximum: 200,
    default: 10,
    description: 'an integer from 1 to 200',
  }),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://[^/?#]',
      description: 'a Redis connection URL (redis://host:6379, or rediss:// for TLS)',
    }),
  ),
  SESSION_SECRET: Type.Optional(
    Type.String({ minLength: 32, description: 'a random string of at least 32 characters' }),
  ),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)),
    { default: 'info', description: 'one of fatal, error, warn, info, debug, trace, silent' },
  ),
  TRUST_PROXY: Type.Boolean({
    default: false,
    description: 'true or false (true when a load balancer or reverse proxy sets X-Forwarded-* headers)',
  }),
  GITHUB_CLIENT_ID: Type.Optional(
    Type.String({ minLength: 1, description: "the GitHub OAuth app's client id" }),
  ),
  GITHUB_CLIENT_SECRET: Type.Optional(
    Type.String({ minLength: 1, description: "the GitHub OAuth app's client secret" }),
  ),
  GITHUB_OAUTH_URL: Type.String({
    default: 'https://github.com',
    pattern: '^https?://[^?#]+$',
    description:
      'the http(s) base URL of GitHub sign-in (https://github.com, or your GitHub Enterprise host)',
  }),
  GITHUB_API_URL: Type.String({
    default: 'https://api.github.com',
    pattern: '^https?://[^?#]+$',
    description: "the http(s) base URL of GitHub's REST API (https://api.github.com, or https://HOST/api/v3)",
  }),
  GITHUB_TOKEN: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        'a GitHub token for reading public data (raises the API rate limit from 60 to 5,000 requests an hour)',
    }),
  ),
  GITHUB_WEBHOOK_SECRET: Type.Optional(
    Type.String({
      minLength: 16,
      description:
        "the secret of your GitHub App's (or repository's) webhook, at least 16 characters, which signs each delivery",
    }),
  ),
  GITHUB_APP_ID: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,20}$',
      description: "your GitHub App's id (digits, from its settings page)",
    }),
  ),
  GITHUB_APP_PRIVATE_KEY: Type.Optional(
    Type.String({
      pattern: '-----BEGIN [A-Z ]*PRIVATE KEY-----',
      description: "your GitHub App's private key in PEM (line breaks may be written as \\n)",
    }),
  ),
  GITHUB_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 60000,
    default: 8000,
    description: 'an integer number of milliseconds from 100 to 60000',
  }),
  SESSION_IDLE_TIMEOUT_HOURS: Type.Number({
    exclusiveMinimum: 0,
    default: 24 * 7,
    description: 'a positive number of hours',
  }),
  SESSION_ABSOLUTE_TIMEOUT_HOURS: Type.Number({
    exclusiveMinimum: 0,
    default: 24 * 30,
    description: 'a positive number of hours',
  }),
  RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: 600,
    description: 'an integer number of API requests per client per minute (0 turns the limit off)',
  }),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    default: 30,
    description: 'an integer number of sign-in requests per address per minute (0 turns the limit off)',
  }),
  JOIN_REQUESTS_PENDING_MAX: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    default: JOIN_REQUESTS_PENDING_MAX,
    description:
      'an integer number of requests to join one user may have pending at once (0 turns the limit off)',
  }),
  JOIN_REQUESTS_PER_DAY_MAX: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    default: JOIN_REQUESTS_PER_DAY_MAX,
    description:
      'an integer number of requests to join one user may make in 24 hours (0 turns the limit off)',
  }),
  LIST_CACHE_TTL_MS: Type.Integer({
    minimum: 0,
    maximum: 3_600_000,
    default: 30_000,
    description: 'an integer number of milliseconds from 0 (no caching) to 3600000',
  }),
  ECOSYSTEMS_URL: Type.String({
    default: 'https://packages.ecosyste.ms',
    pattern: '^https?://[^?#]+$',
    description: "the http(s) base URL of ecosyste.ms' packages API (https://packages.ecosyste.ms)",
  }),
  SYNC_INTERVAL_MINUTES: Type.Integer({
    minimum: 0,
    maximum: 43200,
    default: 360,
    description: 'an integer number of minutes from 0 (no scheduled sync) to 43200',
  }),
  SYNC_BATCH_SIZE: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 50,
    description: 'an integer from 1 to 100 (repositories per GitHub GraphQL query)',
  }),
  SYNC_MAX_WAIT_SECONDS: Type.Integer({
    minimum: 0,
    maximum: 3600,
    default: 60,
    description: 'an integer number of seconds from 0 to 3600',
  }),
  ISSUE_RECHECKS_PER_HOUR: Type.Integer({
    minimum: 0,
    maximum: 100_000,
    default: 500,
    description:
      'an integer from 0 (no rechecks) to 100000: issues rechecked with GitHub on view per hour, all nodes together',
  }),
  ADMIN_LOGINS: Type.String({
    default: '',
    pattern: '^ *[A-Za-z0-9-]*( *, *[A-Za-z0-9-]*)* *$',
    description: 'a comma-separated list of GitHub logins (the moderators), such as alice,bob',
  }),
  REALTIME_SOCKETS_PER_ADDRESS: Type.Integer({
    minimum: 0,
    maximum: 1_000_000,
    default: REALTIME_MAX_SOCKETS_PER_ADDRESS,
    description: 'an integer number of WebSockets per address per node (0 turns the cap off)',
  }),
  REQUEST_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 600000,
    default: 10000,
    description: 'an integer number of milliseconds from 100 to 600000',
  }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://[^/?#]',
      description:
        'an SMTP server URL (smtp://user:password@host:587 with STARTTLS, or smtps://host:465 for TLS)',
    }),
  ),
  MAIL_FROM: Type.Optional(
    Type.String({
      minLength: 3,
      maxLength: 200,
      pattern: '^[^\\r\\n]+@[^\\r\\n]+$',
      description: 'the sender of notification mail, such as "OpenLFG <notifications@openlfg.example>"',
    }),
  ),
  MAIL_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120000,
    default: 10000,
    description: 'an integer number of milliseconds from 100 to 120000',
  }),
  METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      description: 'a random string of at least 16 characters (Prometheus sends it as a bearer token)',
    }),
  ),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({
    minimum: 100,
    maximum: 120000,
    default: 10000,
    description: 'an integer number of milliseconds from 100 to 120000',
  }),
});
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
