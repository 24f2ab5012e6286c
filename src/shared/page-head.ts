/**
 * What a page puts in the document head. The web app keeps it current on navigation (PageMeta); the
 * server writes it into the HTML of prerendered pages, which link previews and crawlers read.
 */
export interface PageHead {
  /** Shown as `<title> | Draftsmith`. */
  title: string;
  description: string;
  /** Open Graph card for link previews; the image is a path under the site's public URL. */
  openGraph?: {
    title: string;
    image: { path: string; width: number; height: number; alt: string };
  };
}

export const SITE_NAME = 'Draftsmith';

export const documentTitle = (title: string) => `${title} | ${SITE_NAME}`;
