import { useEffect } from 'react';
import { documentTitle, type PageHead } from '#shared/page-head';

/**
 * Keeps the document's title and its one description tag in step with the page shown. The server's HTML
 * already carries them for prerendered pages and link previews; this covers in-app navigation.
 */
export function PageMeta({ title, description }: Pick<PageHead, 'title' | 'description'>) {
  useEffect(() => {
    document.title = documentTitle(title);
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [title, description]);
  return null;
}
