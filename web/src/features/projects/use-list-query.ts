import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatListQuery, parseListQuery, type ListQuery } from './list-query';

export interface ListQueryChangeOptions {
  /** Replace the history entry instead of adding one (for corrections the user did not ask for). */
  replace?: boolean;
}

/**
 * The projects list's controls, read from and written to the URL. A change that does not name a page goes
 * back to page 1: new filters make the old page number meaningless.
 */
export function useListQuery() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseListQuery(search), [search]);

  const hrefFor = useCallback(
    (changes: Partial<ListQuery>) => `${pathname}${formatListQuery({ ...query, page: 1, ...changes })}`,
    [pathname, query],
  );

  const update = useCallback(
    (changes: Partial<ListQuery>, { replace = false }: ListQueryChangeOptions = {}) => {
      // The list stays where the user is looking: no jump to the top of the page on a filter change.
      void navigate(hrefFor(changes), { replace, preventScrollReset: true });
    },
    [navigate, hrefFor],
  );

  return { query, hrefFor, update };
}
