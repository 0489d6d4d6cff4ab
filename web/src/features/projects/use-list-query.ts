import { useUrlListQuery } from '../../lib/url-list-query';
import { formatListQuery, parseListQuery } from './list-query';

/** The projects list's controls, read from and written to the URL. */
export function useListQuery() {
  return useUrlListQuery(parseListQuery, formatListQuery);
}
