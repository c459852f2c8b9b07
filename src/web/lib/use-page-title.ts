import { useEffect } from 'react';
import { BUSINESS_NAME } from '../../shared/site.ts';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${BUSINESS_NAME}`;
  }, [title]);
}
