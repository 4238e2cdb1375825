import { useEffect } from 'react';

/** Sets the tab title after navigation; prerendered pages also carry it in their HTML head. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
