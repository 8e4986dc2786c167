import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addListParams, parseListParams, removeListParams, serializeListParams, type ListParams } from './list-query-string';

/**
 * A list screen's parameters in the address bar (spec 3 §2): add, remove or override them
 * without a reload. Each change is a history entry, so back and forward walk through them;
 * `replace` changes the current entry instead (for typing in a search box).
 */
export function useListQueryParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => parseListParams(location.search), [location.search]);

  const go = useCallback(
    (next: ListParams, replace = false) => {
      const search = serializeListParams(next);
      if (search !== location.search) navigate({ pathname: location.pathname, search }, { replace });
    },
    [location.pathname, location.search, navigate],
  );

  return {
    params,
    add: (added: ListParams, options: { replace?: boolean } = {}) => go(addListParams(params, added), options.replace),
    remove: (keys: string[], options: { replace?: boolean } = {}) => go(removeListParams(params, keys), options.replace),
    override: (next: ListParams, options: { replace?: boolean } = {}) => go(next, options.replace),
  };
}
