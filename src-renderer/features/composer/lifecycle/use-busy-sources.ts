import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * Several parts of the sidebar run requests (merge-tag checks, suggestions, page loads);
 * the primary action waits while any of them does. Each part reports under its own name.
 */
export function useBusySources(onChange?: (busy: boolean) => void) {
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const reporters = useRef(new Map<string, (value: boolean) => void>());

  const reporter = useCallback((source: string) => {
    let report = reporters.current.get(source);
    if (!report) {
      report = (value: boolean) =>
        setBusy((current) => {
          if (current.has(source) === value) return current;
          const next = new Set(current);
          if (value) next.add(source);
          else next.delete(source);
          return next;
        });
      reporters.current.set(source, report);
    }
    return report;
  }, []);

  const any = busy.size > 0;
  useEffect(() => onChange?.(any), [any, onChange]);
  return useMemo(() => ({ any, reporter }), [any, reporter]);
}
