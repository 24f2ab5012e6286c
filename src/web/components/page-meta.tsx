import { useEffect } from 'react';

/**
 * Per-page <title> (React 19 hoists it into <head>) and description. index.html carries a default
 * description for crawlers that don't run JavaScript; this updates that one tag rather than adding a
 * second, so each page has exactly one.
 */
export function PageMeta({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    tag.content = description;
  }, [description]);
  return <title>{`${title} | Draftsmith`}</title>;
}
