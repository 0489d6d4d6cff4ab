import { useUrlListQuery } from '../../lib/url-list-query';
import { formatGroupListQuery, parseGroupListQuery } from './list-query';

/** The group list's controls, read from and written to the URL. */
export function useGroupListQuery() {
  return useUrlListQuery(parseGroupListQuery, formatGroupListQuery);
}
