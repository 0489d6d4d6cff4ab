/** The epoch second GitHub's rate-limit headers count in (`x-ratelimit-reset`). */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
