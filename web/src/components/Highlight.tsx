import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type * as Marks from './highlight-marks';

type Marker = (text: string) => ReactNode;

const HighlightContext = createContext<Marker | null>(null);

let marks: Promise<typeof Marks> | undefined;

/**
 * The search whose words `Highlight` marks in the texts below. The marking code loads with the first search, not
 * with the first visit: until it is there (a moment), the texts show unmarked.
 */
export function HighlightSearch({ search, children }: { search: string; children: ReactNode }) {
  const [marker, setMarker] = useState<{ search: string; mark: Marker | null } | null>(null);
  useEffect(() => {
    if (search.trim() === '') return;
    let current = true;
    marks ??= import('./highlight-marks');
    marks.then(
      ({ highlightPattern, markMatches }) => {
        const pattern = highlightPattern(search);
        if (current) setMarker({ search, mark: pattern ? (text) => markMatches(text, pattern) : null });
      },
      () => (marks = undefined),
    );
    return () => {
      current = false;
    };
  }, [search]);
  const mark = marker?.search === search ? marker.mark : null;
  return <HighlightContext.Provider value={mark}>{children}</HighlightContext.Provider>;
}

/**
 * `text` with the searched words marked (`<mark>`: assistive technology may announce it as highlighted, and the
 * text reads the same either way). Plain text outside a `HighlightSearch`.
 */
export function Highlight({ text }: { text: string }) {
  const mark = useContext(HighlightContext);
  return mark ? mark(text) : text;
}
