import { callApi } from '../../lib/api';

/** Ends the session on the server (the login button then forgets every cached answer). */
export function logout() {
  return callApi('logout');
}
