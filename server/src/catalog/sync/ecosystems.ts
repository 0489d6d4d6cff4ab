/** One package as ecosyste.ms' packages API describes it (only the fields the sync reads). */
interface EcosystemsPackageJson {
  name?: unknown;
  ecosystem?: unknown;
  dependent_repos_count?: unknown;
}

/** ecosyste.ms could not answer: down, slow, or an error status. The used-by count stays as it was. */
export class EcosystemsUnavailable extends Error {
  override name = 'EcosystemsUnavailable';
}

/** ecosyste.ms asks us to stop until `until`. */
export class EcosystemsRateLimited extends EcosystemsUnavailable {
  override name = 'EcosystemsRateLimited';
  constructor(
    message: string,
    readonly until: Date,
  ) {
    super(message);
  }
}

export interface EcosystemsClientSettings {
  /** https://packages.ecosyste.ms, or a mirror. */
  baseUrl: string;
  timeoutMs: number;
  now?: () => number;
}

/** When a 429 names no time, ecosyste.ms' limit is hourly: wait out a good part of it. */
const DEFAULT_RATE_LIMIT_WAIT_MS = 15 * 60_000;

/**
 * ecosyste.ms' packages API: how many repositories depend on the packages published from a GitHub
 * repository. Remembers the x-ratelimit-remaining of its last answer.
 */
export function createEcosystemsClient(settings: EcosystemsClientSettings) {
  const now = settings.now ?? Date.now;
  let remaining: number | null = null;

  return {
    /**
     * The sum of dependent_repos_count over every package whose repository is `https://github.com/REPO`.
     * 0 only when ecosyste.ms answers 200 with no packages; any error throws, so the caller keeps what it had.
     */
    async usedBy(repoExt: string): Promise<number> {
      const url = new URL(`${settings.baseUrl}/api/v1/packages/lookup`);
      url.searchParams.set('repository_url', `https://github.com/${repoExt}`);
      let res: Response;
      try {
        res = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'OpenLFG catalogue sync' },
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch (error) {
        const reason =
          error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not be reached';
        throw new EcosystemsUnavailable(`ecosyste.ms ${reason}`, { cause: error });
      }
      const left = res.headers.get('x-ratelimit-remaining');
      if (left !== null && /^\d+$/.test(left)) remaining = Number(left);
      if (res.status === 429 || (res.status === 403 && left === '0')) {
        const retryAfter = Number(res.headers.get('retry-after'));
        const reset = Number(res.headers.get('x-ratelimit-reset'));
        const until = new Date(
          retryAfter > 0
            ? now() + retryAfter * 1000
            : reset > 0
              ? resetToMs(reset, now())
              : now() + DEFAULT_RATE_LIMIT_WAIT_MS,
        );
        throw new EcosystemsRateLimited(
          `ecosyste.ms' rate limit is reached until ${until.toISOString()}`,
          until,
        );
      }
      if (!res.ok) throw new EcosystemsUnavailable(`ecosyste.ms answered ${res.status}`);
      let body: unknown;
      try {
        body = await res.json();
      } catch (error) {
        throw new EcosystemsUnavailable('ecosyste.ms answered something that is not JSON', { cause: error });
      }
      if (!Array.isArray(body)) throw new EcosystemsUnavailable('ecosyste.ms answered something not a list');
      let total = 0;
      for (const item of body as EcosystemsPackageJson[]) {
        const count = item?.dependent_repos_count;
        if (typeof count === 'number' && Number.isSafeInteger(count) && count > 0) total += count;
      }
      // The column is an integer; a sum beyond it would be a data error upstream, not a real figure.
      return Math.min(total, 2_147_483_647);
    },

    /** ecosyste.ms' x-ratelimit-remaining as last answered, or null when it never said. */
    remaining(): number | null {
      return remaining;
    },
  };
}

export type EcosystemsClient = ReturnType<typeof createEcosystemsClient>;

/** x-ratelimit-reset is epoch seconds on some servers and seconds-from-now on others: tell them apart. */
function resetToMs(reset: number, nowMs: number): number {
  return reset > 1_000_000_000 ? reset * 1000 : nowMs + reset * 1000;
}
