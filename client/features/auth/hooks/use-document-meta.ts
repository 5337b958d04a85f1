import { useEffect } from 'react';

/**
 * Title and description for an overlay (auth panel, OTP modal). Pages use React 19's `<title>` /
 * `<meta>`; an overlay mounts after the page underneath, whose hoisted `<title>` would win, so it
 * swaps the document's values while shown and puts them back after.
 */
export function useDocumentMeta(title: string, description: string) {
  useEffect(() => {
    const previousTitle = document.title;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.getAttribute('content') ?? null;
    document.title = title;
    meta?.setAttribute('content', description);
    return () => {
      document.title = previousTitle;
      if (meta && previousDescription !== null) meta.setAttribute('content', previousDescription);
    };
  }, [title, description]);
}
