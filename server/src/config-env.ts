import {
  JOIN_REQUESTS_PENDING_MAX,
  JOIN_REQUESTS_PER_DAY_MAX,
  REALTIME_MAX_SOCKETS_PER_ADDRESS,
} from '@openlfg/contracts';
import { Type } from 'typebox';
import { DEFAULT_DATA_DIR } from './platform/db/data-dir.js';

/**
 * Every environment variable the server reads. Each has a `description` written to finish the sentence
 * "NAME must be ...", which is the one line a bad value prints at boot.
 */
export const EnvSchema = Type.Object({
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
