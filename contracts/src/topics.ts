/**
 * One name per topic. Catalogues, GitHub and people spell one subject several ways ("React.js", "reactjs",
 * "react"); every place a topic enters (the catalogue import and sync, a posted group, a list filter, the topic
 * search) stores or looks it up under one canonical name, so a filter finds every project on the subject. Plain
 * values and functions, no TypeBox: the web bundle takes them cheaply and agrees with the server.
 */

/** The longest topic, as GitHub allows. */
export const MAX_TOPIC_LENGTH = 50;

/**
 * Spelling folded away: lowercase; `++` as `pp` and `#` as `sharp` (c++ is cpp, c# is csharp); a leading dot as
 * `dot` (.net is dotnet); other dots dropped (node.js is nodejs); spaces, underscores and slashes as hyphens;
 * anything else that is not a letter, digit or hyphen dropped; hyphens single, none at either end. An empty
 * string when nothing is left.
 */
export function foldTopic(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/\+\+/g, 'pp')
    .replace(/\+/g, 'plus')
    .replace(/#/g, 'sharp')
    .replace(/^\./, 'dot')
    .replace(/\./g, '')
    .replace(/[\s_/]+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Canonical name → the other names (already folded) that mean the same. The canonical names are GitHub's
 * featured topic names where there is one. Seen in the real catalogues: reactjs, react.js, react-js;
 * node.js; vuejs, vue.js, vue-js; golang; cpp, c++; postgres; python3; nextjs, next.js; and more.
 */
export const TOPIC_ALIASES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  react: ['reactjs', 'react-js'],
  nodejs: ['node', 'node-js'],
  vue: ['vuejs', 'vue-js'],
  go: ['golang'],
  csharp: ['c-sharp'],
  cpp: ['cplusplus', 'c-plus-plus'],
  fsharp: ['f-sharp'],
  dotnet: ['dot-net'],
  'dotnet-core': ['netcore', 'net-core'],
  javascript: ['js', 'vanilla-js'],
  typescript: ['ts'],
  python: ['python3', 'python-3', 'py'],
  angular: ['angular2', 'angular-2'],
  kubernetes: ['k8s'],
  postgresql: ['postgres', 'postgre', 'psql'],
  'machine-learning': ['machinelearning', 'ml'],
  'deep-learning': ['deeplearning'],
  'data-science': ['datascience'],
  'data-visualization': ['data-viz', 'dataviz', 'datavisualization'],
  'command-line': ['commandline'],
  gamedev: ['game-development', 'game-dev'],
  'good-first-issue': ['good-first-issues', 'goodfirstissue'],
  nextjs: ['next-js'],
  nuxt: ['nuxtjs', 'nuxt-js'],
  nestjs: ['nest-js'],
  svelte: ['sveltejs'],
  preact: ['preactjs'],
  express: ['expressjs', 'express-js'],
  threejs: ['three-js'],
  tailwindcss: ['tailwind'],
  'react-native': ['reactnative'],
  rails: ['ruby-on-rails', 'rubyonrails'],
  macos: ['osx', 'mac-os', 'mac-os-x', 'macosx', 'mac'],
  websocket: ['websockets', 'web-sockets', 'web-socket'],
  'web-components': ['webcomponents'],
  'offline-first': ['offlinefirst'],
  'vector-database': ['vectordatabase'],
  'open-data': ['opendata'],
  'data-lake': ['datalake'],
  'web-scraping': ['webscraping'],
  'sql-server': ['sqlserver', 'mssql'],
  webassembly: ['wasm'],
  'objective-c': ['objc', 'objectivec'],
  'visual-studio': ['visualstudio'],
  vscode: ['visual-studio-code'],
  frontend: ['front-end'],
  backend: ['back-end'],
  'first-contributions': ['first-contribution'],
});

const canonicalByAlias: ReadonlyMap<string, string> = new Map(
  Object.entries(TOPIC_ALIASES).flatMap(([canonical, aliases]) =>
    aliases.map((alias) => [alias, canonical] as const),
  ),
);

/** The canonical name of a topic as anyone spells it; null when nothing usable is left or it is too long. */
export function canonicalTopic(raw: string): string | null {
  const folded = foldTopic(raw);
  const topic = canonicalByAlias.get(folded) ?? folded;
  return topic === '' || topic.length > MAX_TOPIC_LENGTH ? null : topic;
}

/**
 * Topics made canonical, repeats dropped, order kept (the first spelling's place), at most `max` of them.
 * Values that leave nothing usable are dropped.
 */
export function canonicalTopics(raws: readonly unknown[], max = Infinity): string[] {
  const topics = new Set<string>();
  for (const raw of raws) {
    if (topics.size >= max) break;
    const topic = typeof raw === 'string' ? canonicalTopic(raw) : null;
    if (topic !== null) topics.add(topic);
  }
  return [...topics];
}

/** The canonical names whose aliases start with `prefix` (folded): typing "golan" offers "go". */
export function canonicalsByAliasPrefix(prefix: string): string[] {
  if (prefix === '') return [];
  const found = new Set<string>();
  for (const [alias, canonical] of canonicalByAlias) if (alias.startsWith(prefix)) found.add(canonical);
  return [...found];
}

/**
 * Topics that name a programming language → the language as GitHub names it. A project whose language is
 * unknown (not yet synced, or its catalogue does not say) takes one derived from its topics: the first
 * programming language in its topic order, else the first markup or style language (a project tagged
 * "javascript, html, css" is JavaScript). The sync's real language replaces a derived one.
 */
export const LANGUAGE_TOPICS: Readonly<Record<string, string>> = Object.freeze({
  python: 'Python',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  csharp: 'C#',
  cpp: 'C++',
  c: 'C',
  fsharp: 'F#',
  php: 'PHP',
  ruby: 'Ruby',
  kotlin: 'Kotlin',
  swift: 'Swift',
  'objective-c': 'Objective-C',
  scala: 'Scala',
  dart: 'Dart',
  elixir: 'Elixir',
  erlang: 'Erlang',
  haskell: 'Haskell',
  clojure: 'Clojure',
  ocaml: 'OCaml',
  lua: 'Lua',
  perl: 'Perl',
  r: 'R',
  julia: 'Julia',
  zig: 'Zig',
  nim: 'Nim',
  crystal: 'Crystal',
  groovy: 'Groovy',
  vbnet: 'Visual Basic .NET',
  powershell: 'PowerShell',
  shell: 'Shell',
  bash: 'Shell',
  solidity: 'Solidity',
  elm: 'Elm',
  purescript: 'PureScript',
  fortran: 'Fortran',
  cobol: 'COBOL',
  assembly: 'Assembly',
});

/** Languages a project is tagged with only as a last resort: most projects tagged so are written in another. */
export const MARKUP_LANGUAGE_TOPICS: Readonly<Record<string, string>> = Object.freeze({
  html: 'HTML',
  css: 'CSS',
  scss: 'SCSS',
});

/** The language a project's (canonical) topics name, or null when none does. */
export function languageFromTopics(topics: readonly string[]): string | null {
  for (const names of [LANGUAGE_TOPICS, MARKUP_LANGUAGE_TOPICS]) {
    for (const topic of topics) {
      const language = Object.hasOwn(names, topic) ? names[topic] : undefined;
      if (language !== undefined) return language;
    }
  }
  return null;
}
