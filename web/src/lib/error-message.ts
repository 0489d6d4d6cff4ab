import { isApiError } from './api-client';
import { toast } from './toast';

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

/**
 * Toasts a failed action in the words of `errorMessage`, unless the user was already told (an expired session
 * has its own toast, shown once): one failure, one toast.
 */
export function toastError(
  error: unknown,
  fallback: string,
  options: { clientErrorsOnly?: boolean } = {},
): void {
  if (isApiError(error) && error.explained) return;
  toast.error(errorMessage(error, fallback, options));
}
