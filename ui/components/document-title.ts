// Sets the document title for the current screen: '<title> - <instance name>'.
import { useEffect } from 'react';
import { appName } from '../config';

export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title]);
}
