import { useEffect } from 'react';

/** Set document.title to the page title while the page is shown. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
