import { useUrlListQuery } from '../../lib/url-list-query';
import { formatFinderQuery, parseFinderQuery } from './finder-query';

/** The finder's tab, filters and sort, read from and written to the URL. */
export function useFinderQuery() {
  return useUrlListQuery(parseFinderQuery, formatFinderQuery);
}
