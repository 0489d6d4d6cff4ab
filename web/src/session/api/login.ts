import type { LoginBody } from '@openlfg/contracts';
import { callApi } from '../../lib/api';

/** Exchanges the `code` and `state` GitHub sent back for a session cookie. */
export function login(body: LoginBody) {
  return callApi('login', { body });
}
