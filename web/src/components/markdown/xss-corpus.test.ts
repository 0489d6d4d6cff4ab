// @vitest-environment jsdom
// DOMPurify needs a faithful DOM: it does not support happy-dom, which drops elements (cure53/DOMPurify#1457).
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown';

/**
 * Descriptions written to run code in a reader's browser, after the well-known Markdown XSS payload lists
 * (JakobTheDev/information-security Payloads/md/XSS.md and the OWASP filter-evasion cheat sheet) and the
 * tricks DOMPurify's own tests name: script links, data: URIs, raw HTML, event handlers, SVG and MathML,
 * encoded and nested forms. Each must come out with nothing that runs, and with its words still there
 * (`keeps`) where they are words.
 */
const CORPUS: { name: string; source: string; keeps?: string }[] = [
  // Links with a script scheme, in every spelling.
  { name: 'javascript: link', source: "[Basic](javascript:alert('Basic'))", keeps: 'Basic' },
  { name: 'mixed-case scheme', source: "[Case](JaVaScRiPt:alert('x'))", keeps: 'Case' },
  {
    name: 'scheme with a comment and newline',
    source: "[URL](javascript://www.example.com%0Aalert('URL'))",
    keeps: 'URL',
  },
  {
    name: 'scheme broken by spaces',
    source: '[XSS](j    a   v   a   s   c   r   i   p   t:prompt(1))',
    keeps: 'XSS',
  },
  {
    name: 'scheme as hex entities',
    source:
      '[XSS](&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x31&#x29)',
  },
  { name: 'colon as an entity', source: '[XSS](javascript&#58;this;alert(1&#41;)', keeps: 'XSS' },
  { name: 'letter as a decimal entity', source: '[XSS](Javas&#99;ript:alert(1&#41;)', keeps: 'XSS' },
  { name: 'percent-encoded entity', source: '[XSS](Javas%26%2399;ript:alert(1&#41;)', keeps: 'XSS' },
  { name: 'tab inside the scheme', source: '[XSS](java\tscript:alert(1))', keeps: 'XSS' },
  { name: 'leading control character', source: '[XSS](\u0001javascript:alert(1))', keeps: 'XSS' },
  { name: 'angle-bracket destination', source: '[XSS](<javascript:alert(1)>)', keeps: 'XSS' },
  { name: 'reference-style link', source: '[XSS][x]\n\n[x]: javascript:alert(1)', keeps: 'XSS' },
  { name: 'autolink with a script scheme', source: '<javascript:alert(1)>' },
  { name: 'vbscript: link', source: '[XSS](vbscript:alert(document.domain))', keeps: 'XSS' },
  {
    name: 'data: HTML link',
    source: '[XSS](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    keeps: 'XSS',
  },
  { name: 'data: link in an autolink', source: '<data:text/html,<script>alert(1)</script>>' },
  {
    name: 'link title breaking out',
    source: '[XSS](https://example.com "a\\" onmouseover=\\"alert(1)")',
    keeps: 'XSS',
  },
  {
    name: 'href breaking out with a quote',
    source: '[XSS](https://example.com/"onclick="alert(1))',
    keeps: 'XSS',
  },
  // Images, which must not load, let alone run.
  { name: 'image with a script source', source: '![XSS](javascript:prompt(1))', keeps: 'XSS' },
  {
    name: 'image with a data: source',
    source: '![XSS](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    keeps: 'XSS',
  },
  {
    name: 'image source breaking out into onload',
    source: '![Escape](https://example.com/i.png"onload="alert(1))',
    keeps: 'Escape',
  },
  { name: 'alt text breaking out into onerror', source: '![XSS\'"`onerror=prompt(1)](x)' },
  // Raw HTML, shown as text.
  { name: 'script element', source: '<script>alert(1)</script>', keeps: '<script>alert(1)</script>' },
  { name: 'script inside a paragraph', source: 'Hello <script>alert(1)</script> world', keeps: 'Hello' },
  { name: 'img onerror', source: '<img src=x onerror=alert(1)>', keeps: '<img src=x onerror=alert(1)>' },
  { name: 'event handler on a div', source: '<div onclick="alert(1)">Click me</div>', keeps: 'Click me' },
  { name: 'html link with javascript:', source: '<a href="javascript:alert(1)">click</a>', keeps: 'click' },
  { name: 'iframe with srcdoc', source: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  {
    name: 'object and embed',
    source: '<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)">',
  },
  { name: 'style element', source: "<style>body{background:url('javascript:alert(1)')}</style>" },
  {
    name: 'inline style attribute',
    source: '<p style="background:url(javascript:alert(1))">styled</p>',
    keeps: 'styled',
  },
  { name: 'meta refresh', source: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'base hijacking', source: '<base href="javascript:alert(1)//">' },
  {
    name: 'form with formaction',
    source: '<form><button formaction="javascript:alert(1)">go</button></form>',
    keeps: 'go',
  },
  { name: 'input autofocus onfocus', source: '<input autofocus onfocus=alert(1)>' },
  { name: 'details ontoggle', source: '<details open ontoggle=alert(1)>', keeps: 'details' },
  // SVG and MathML.
  { name: 'svg onload', source: '<svg onload=alert(1)></svg>' },
  { name: 'svg with a script', source: '<svg><script>alert(1)</script></svg>' },
  {
    name: 'svg link with xlink:href',
    source: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  },
  {
    name: 'svg animate setting href',
    source: '<svg><a><animate attributeName=href values=javascript:alert(1) /><text>x</text></a></svg>',
  },
  { name: 'mathml link', source: '<math><mi xlink:href="javascript:alert(1)">x</mi></math>' },
  // Nesting and mutation tricks.
  { name: 'noscript mutation', source: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">' },
  { name: 'comment breakout', source: '<!--><img src=x onerror=alert(1)>-->' },
  { name: 'cdata in svg', source: '<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>' },
  {
    name: 'html block after a list',
    source: '- item\n\n<div>\n<img src=x onerror=alert(1)>\n</div>',
    keeps: 'item',
  },
  { name: 'raw html inside a link text', source: '[<img src=x onerror=alert(1)>](https://example.com)' },
  {
    name: 'code span keeps markup as text',
    source: '`<script>alert(1)</script>`',
    keeps: '<script>alert(1)</script>',
  },
  {
    name: 'code block keeps markup as text',
    source: '```html\n<img src=x onerror=alert(1)>\n```',
    keeps: '<img src=x onerror=alert(1)>',
  },
  {
    name: 'table cell with an event handler',
    source: '| a |\n|---|\n| <b onmouseover=alert(1)>b</b> |',
    keeps: 'b',
  },
];

/** Elements that can run code, load something or change the page around the description. */
const FORBIDDEN_ELEMENTS =
  'script, iframe, frame, object, embed, svg, math, style, link, meta, base, form, button, img, video, audio, source, noscript, template, textarea, select';
/** URL-carrying attributes that must never hold a script or a data: URL. */
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data', 'poster'];
const UNSAFE_URL = /^(?:javascript|vbscript|data|file):/i;

/** The value without control characters and spaces, by their code points. */
function withoutControls(value: string): string {
  return [...value].filter((c) => (c.codePointAt(0) ?? 0) > 0x20).join('');
}

function rendered(source: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(source);
  return container;
}

describe('the Markdown renderer against an XSS corpus', () => {
  it('covers a few dozen known tricks', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CORPUS)('$name: nothing executable survives', ({ source, keeps }) => {
    const page = rendered(source);
    expect(page.querySelector(FORBIDDEN_ELEMENTS)).toBeNull();
    for (const element of page.querySelectorAll('*')) {
      for (const { name, value } of element.attributes) {
        expect(name.startsWith('on'), `${element.tagName} ${name}`).toBe(false);
        expect(name).not.toBe('style');
        if (URL_ATTRIBUTES.includes(name)) {
          // Browsers ignore control characters and spaces inside a scheme: so does the check.
          expect(withoutControls(value), `${element.tagName} ${name}`).not.toMatch(UNSAFE_URL);
        }
      }
      if (element.tagName === 'INPUT') expect(element.getAttribute('type')).toBe('checkbox');
    }
    if (keeps !== undefined) expect(page.textContent).toContain(keeps);
  });

  it('leaves safe links as links', () => {
    const page = rendered(
      '[ok](https://example.com/a?b=1&c=2) [mail](mailto:team@example.com) [here](/group-projects)',
    );
    expect([...page.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/a?b=1&c=2',
      'mailto:team@example.com',
      '/group-projects',
    ]);
  });
});
