import { useEffect } from 'react';

export const SITE_NAME = 'OpenLFG';

/** Sets the tab title to `OpenLFG - {pageTitle}` while the page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = `${SITE_NAME} - ${pageTitle}`;
  }, [pageTitle]);
}
