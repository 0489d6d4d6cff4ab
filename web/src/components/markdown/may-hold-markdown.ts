/**
 * Whether a description could come out of the Markdown renderer as anything but one paragraph of its own text:
 * whether it has a character that may start Markdown's syntax (emphasis, code, links, images, raw HTML,
 * tables, strikethrough, escapes, entities, headings), a line that starts with a space, a list marker, a
 * heading's underline or a one-column table's rule (`:-`), a second paragraph, or what GitHub's flavour links
 * by itself (an address, a mail address). Text with none of these shows as the renderer would show it, line
 * breaks included (`breaks`), so it needs no renderer: most descriptions are such text, and the renderer is
 * 28 kB of a page's code.
 * It errs on the side of Markdown: "#1" or "a_b" load the renderer, which shows them as written.
 */
export function mayHoldMarkdown(source: string): boolean {
  return MARKDOWN_SIGNS.test(source) || EDGE_SPACE.test(source);
}

/** The renderer trims what surrounds the text. */
const EDGE_SPACE = /^\s|\s$/;

const MARKDOWN_SIGNS = /[*_`[\]<>|~\\&!#@]|:\/\/|www\.|\n[ \t]*\n|^[ \t]|^(?:[-+=]|:-|\d+[.)])|[ \t]$/m;
