import { isApiError } from './api-client';

/**
 * What to tell the user about a failed call: the server's own message (always human-readable) when it sent
 * one, otherwise `fallback`. With `clientErrorsOnly`, a 5xx answer also gets the fallback, for actions whose
 * fallback says more than "something went wrong" (for example "Could not save the project").
 */
export function errorMessage(error: unknown, fallback: string, { clientErrorsOnly = false } = {}): string {
  if (!isApiError(error) || error.serverMessage === null) return fallback;
  if (clientErrorsOnly && error.status >= 500) return fallback;
  return error.serverMessage;
}
