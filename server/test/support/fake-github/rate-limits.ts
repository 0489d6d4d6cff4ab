import type { ServerResponse } from 'node:http';
import type { FakeGitHub } from '../fake-github.js';
import { nowSeconds } from './clock.js';
import { json } from '../fake-http.js';
import type { FakeFault } from './types.js';

export function takeFault(gh: FakeGitHub, endpoint: FakeFault['endpoint']): FakeFault | undefined {
  const index = gh.faults.findIndex((f) => f.endpoint === endpoint);
  return index === -1 ? undefined : gh.faults.splice(index, 1)[0];
}

export function rateHeaders(gh: FakeGitHub, resource: 'core' | 'graphql'): Record<string, string> {
  const budget = gh.budgets[resource];
  return {
    'x-ratelimit-limit': String(budget.limit),
    'x-ratelimit-remaining': String(budget.remaining),
    'x-ratelimit-reset': String(budget.reset),
    'x-ratelimit-used': String(budget.limit - budget.remaining),
    'x-ratelimit-resource': resource,
  };
}

/** GitHub's answers to a fault: a 502, a secondary limit, or a spent primary budget. */
export function answerFault(
  gh: FakeGitHub,
  fault: FakeFault,
  resource: 'core' | 'graphql',
  res: ServerResponse,
  record: FakeGitHub['requests'][number],
): void {
  if (fault.answer === 'bad-gateway') {
    record.status = 502;
    return json(res, 502, { message: 'Server Error' });
  }
  if (fault.answer === 'secondary-limit') {
    record.status = 403;
    return json(
      res,
      403,
      {
        message:
          'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000000:0000000:00000000.',
        documentation_url:
          'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      },
      {
        ...rateHeaders(gh, resource),
        ...(fault.retryAfterSeconds !== undefined ? { 'retry-after': String(fault.retryAfterSeconds) } : {}),
      },
    );
  }
  gh.budgets[resource].remaining = 0;
  gh.budgets[resource].reset = nowSeconds() + (fault.resetInSeconds ?? 3600);
  return primaryLimit(gh, resource, res, record);
}

/** A spent budget: REST answers 403, GraphQL 200 with a RATE_LIMITED error, both with the reset time. */
export function primaryLimit(
  gh: FakeGitHub,
  resource: 'core' | 'graphql',
  res: ServerResponse,
  record: FakeGitHub['requests'][number],
): void {
  const headers = rateHeaders(gh, resource);
  if (resource === 'graphql') {
    record.status = 200;
    return json(
      res,
      200,
      { errors: [{ type: 'RATE_LIMITED', message: 'API rate limit exceeded for user ID 1001.' }] },
      headers,
    );
  }
  record.status = 403;
  json(
    res,
    403,
    {
      message: 'API rate limit exceeded for user ID 1001.',
      documentation_url:
        'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-primary-rate-limits',
    },
    headers,
  );
}
