import type { Extensions } from '@tiptap/core';
import { TableKit } from '@tiptap/extension-table';
import { Markdown } from '@tiptap/markdown';
import StarterKit from '@tiptap/starter-kit';
import { Marked, type marked } from 'marked';

/**
 * Markdown as the answers are shown (components/markdown): raw HTML is text. Marked's HTML rules find
 * nothing here, so `<b>x</b>` or `<script>` stay the characters they are, in the editor and in what it
 * saves, instead of being parsed into the document.
 */
export function markedWithoutHtml(): typeof marked {
  const instance = new Marked({ tokenizer: { html: () => undefined, tag: () => undefined } });
  // The extension's option is typed as marked's default export; its manager uses only what every
  // Marked instance has (Lexer, lexer, defaults, use, setOptions).
  return instance as unknown as typeof marked;
}

/** Link targets the editor keeps: the web, mail, and links within the page or site. */
const SAFE_LINK = /^(?:https?:|mailto:|#|\/(?!\/))/i;

/**
 * The editor's schema and Markdown in and out (Tiptap's own Markdown extension): what the answers use
 * (headings, lists, quotes, code, tables, links, bold, italic, strikethrough), nothing Markdown cannot
 * write (no underline), no empty paragraph added at the end. Links are never opened from the editor.
 */
export function answerEditorExtensions(): Extensions {
  return [
    StarterKit.configure({
      underline: false,
      trailingNode: false,
      link: {
        openOnClick: false,
        autolink: true,
        isAllowedUri: (url) => SAFE_LINK.test(url.trim()),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
      },
    }),
    TableKit.configure({ table: { resizable: false } }),
    Markdown.configure({ marked: markedWithoutHtml() }),
  ];
}
