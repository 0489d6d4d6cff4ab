import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { formatGroupListQuery, parseGroupListQuery, type GroupListQuery } from './list-query';

/** The group list's controls, read from and written to the URL; a change that names no page goes to page 1. */
export function useGroupListQuery() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = useMemo(() => parseGroupListQuery(search), [search]);

  const hrefFor = useCallback(
    (changes: Partial<GroupListQuery>) =>
      `${pathname}${formatGroupListQuery({ ...query, page: 1, ...changes })}`,
    [pathname, query],
  );

  const update = useCallback(
    (changes: Partial<GroupListQuery>, { replace = false }: { replace?: boolean } = {}) => {
      void navigate(hrefFor(changes), { replace, preventScrollReset: true });
    },
    [navigate, hrefFor],
  );

  return { query, hrefFor, update };
}
