import { PROJECT_SORT_OPTIONS, SEARCH_MAX_LENGTH, type Project } from '@openlfg/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bareEntry, type CatalogEntry } from '../src/catalog/sources/index.js';
import { writeCatalogEntries } from '../src/catalog/write.js';
import { createTestApp, jsonHeaders, type TestApp } from './support/app.js';

let t: TestApp;

function project(
  repoExt: string,
  fields: Partial<Pick<CatalogEntry, 'name' | 'description' | 'topics' | 'language' | 'stars'>>,
): CatalogEntry {
  return { ...bareEntry(repoExt, 'test'), ...fields };
}

const WIDGETS = 25;

const catalogue: CatalogEntry[] = [
  project('zulip/zulip', {
    description: 'Zulip server and web application. Open-source team chat.',
    topics: ['chat', 'python'],
    language: 'Python',
    stars: 100,
  }),
  // More stars than the exact name: relevance, not popularity, must put zulip/zulip first.
  project('zulip/zulip-mobile', {
    description: 'Zulip mobile apps for Android and iOS',
    topics: ['chat', 'react-native'],
    language: 'TypeScript',
    stars: 200,
  }),
  project('fork/zulip-mobile', {
    description: 'A fork of the mobile apps',
    topics: ['chat'],
    language: 'TypeScript',
    stars: 300,
  }),
  project('someone/chat-bridge', {
    description: 'Bridges Zulip and Matrix rooms, to read and write',
    topics: ['chat'],
    language: 'Go',
    stars: 900,
  }),
  project('facebook/react', {
    description: 'A JavaScript library for building user interfaces',
    topics: ['javascript', 'ui', 'frontend'],
    language: 'JavaScript',
    stars: 5000,
  }),
  project('preactjs/preact', {
    description: 'Fast 3kB alternative to React with the same modern API',
    topics: ['javascript', 'ui'],
    language: 'JavaScript',
    stars: 3000,
  }),
  project('vercel/next.js', {
    description: 'The framework for the web',
    topics: ['react', 'javascript'],
    language: 'JavaScript',
    stars: 4000,
  }),
  project('rust-lang/rust', {
    description: 'Empowering everyone to build reliable and efficient software',
    topics: ['rust', 'compiler'],
    language: 'Rust',
    stars: 6000,
  }),
  project('denoland/deno', {
    description: 'A modern runtime for JavaScript and TypeScript',
    topics: ['typescript', 'javascript', 'rust'],
    language: 'Rust',
    stars: 7000,
  }),
  project('pallets/flask', {
    description: 'The Python micro framework for building web applications',
    topics: ['python', 'web'],
    language: 'Python',
    stars: 2000,
  }),
  ...Array.from({ length: WIDGETS }, (_, i) =>
    project(`widgets/widget-${i + 1}`, {
      description: `Widget number ${i + 1}`,
      topics: ['widgets'],
      language: 'Go',
      stars: i % 4 === 0 ? null : i * 10,
    }),
  ),
];

beforeAll(async () => {
  t = await createTestApp();
  await writeCatalogEntries(t.database.db, catalogue);
  // Figures the sorts order by, with ties and unknowns; the widgets are old, the rest new.
  await sql`update projects set
      contributors = case when id % 5 = 0 then null else (id % 4) * 10 end,
      used_by = case when id % 3 = 0 then null else (id % 7) * 100 end,
      added_at = now() - make_interval(days => case when name like 'widget-%' then 90 else 2 end)`.execute(
    t.database.db,
  );
});
afterAll(() => t.close());

function list(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/projects', headers: jsonHeaders, payload: body });
}

async function search(q: string, extra: Record<string, unknown> = {}): Promise<Project[]> {
  const res = await list({ sortField: 'relevance', order: 'DESC', page: 1, q, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const repos = (rows: { repoExt: string | null }[]) => rows.map((row) => row.repoExt);

describe('searching projects (POST /api/projects with q)', () => {
  it('puts the exact name first, ahead of better-known projects that mention it', async () => {
    const rows = await search('zulip');
    expect(repos(rows)[0]).toBe('zulip/zulip');
    expect(new Set(repos(rows))).toEqual(
      new Set(['zulip/zulip', 'zulip/zulip-mobile', 'fork/zulip-mobile', 'someone/chat-bridge']),
    );
    // A name containing the word ranks above a description mentioning it.
    expect(repos(rows).at(-1)).toBe('someone/chat-bridge');
  });

  it('puts the exact owner/name first, ahead of another project of the same name, ignoring case', async () => {
    expect(repos(await search('zulip/zulip-mobile'))).toEqual(['zulip/zulip-mobile', 'fork/zulip-mobile']);
    // Every word counts: the owner "fork" leaves zulip/zulip-mobile out.
    expect(repos(await search('Fork/Zulip-Mobile'))).toEqual(['fork/zulip-mobile']);
  });

  it('finds a name typed with a typo', async () => {
    // Searched as "zulip": what that word finds, the exact name first.
    expect(repos(await search('zulp'))).toEqual(repos(await search('zulip')));
    expect(repos(await search('flsk'))).toEqual(['pallets/flask']);
  });

  it('finds the word meant when two letters are swapped, one is doubled or one is wrong', async () => {
    // A swap in a short word changes most of its trigrams: "raect" shares 2 of 10 with react, "pyhton" 3 of 11.
    expect(repos(await search('raect'))[0]).toBe('facebook/react');
    expect(new Set(repos(await search('pyhton')))).toEqual(new Set(repos(await search('python'))));
    expect(new Set(repos(await search('pyhton web')))).toEqual(new Set(['pallets/flask', 'zulip/zulip']));
    expect(repos(await search('zuliip'))).toEqual(repos(await search('zulip')));
    // "reakt" shares more trigrams with "read" (a word of the list) than with react: one wrong letter wins.
    expect(repos(await search('reakt'))[0]).toBe('facebook/react');
    const answer = (await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'pyhton' })).json();
    expect(answer.searchedFor).toBe('python');
  });

  it('corrects a typo in one word of several, leaving the words it knows, and says what it searched for', async () => {
    expect(repos(await search('javascrpt runtime'))).toEqual(['denoland/deno']);
    const answer = (
      await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'Javascrpt  runtime' })
    ).json();
    expect(answer.searchedFor).toBe('javascript runtime');
    // Asked again (the count kept by the list cache): the same.
    const again = (
      await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'Javascrpt  runtime' })
    ).json();
    expect(again.searchedFor).toBe('javascript runtime');
    const typedRight = (
      await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'javascript' })
    ).json();
    expect(typedRight.searchedFor).toBeNull();
    // A typo matched by a similar name, not by corrected words: nothing was searched for instead.
    expect(
      (await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'ja rust' })).json().searchedFor,
    ).toBeNull();
    expect(repos(await search('zulp mobile'))).toEqual(['zulip/zulip-mobile', 'fork/zulip-mobile']);
    // "mobil" is the start of a word (the one being typed): nothing to correct.
    expect(repos(await search('zulip mobil'))).toEqual(['zulip/zulip-mobile', 'fork/zulip-mobile']);
  });

  it('knows the words a project gets when it changes', async () => {
    expect(await search('kubernets')).toEqual([]);
    await t.database.db
      .updateTable('projects')
      .set({ description: 'Runs on Kubernetes' })
      .where('repo_ext', '=', 'widgets/widget-3')
      .execute();
    // Another typo of it: the list cache keeps the first answer, and this write did not go through the service.
    expect(repos(await search('kubernetis'))).toEqual(['widgets/widget-3']);
    await t.database.db
      .updateTable('projects')
      .set({ description: 'Widget number 3' })
      .where('repo_ext', '=', 'widgets/widget-3')
      .execute();
  });

  it('finds words by their beginning while they are being typed', async () => {
    const rows = await search('reac');
    expect(repos(rows)[0]).toBe('facebook/react');
    expect(new Set(repos(rows))).toEqual(
      // zulip-mobile by its topic react-native.
      new Set(['facebook/react', 'preactjs/preact', 'vercel/next.js', 'zulip/zulip-mobile']),
    );
    expect(repos(await search('zul'))).toHaveLength(4);
  });

  it('takes the words before the last one as typed in full', async () => {
    // "ja" is finished: it is no word of deno's (javascript is), while the word being typed, "ru", is rust's
    // beginning. No project has both words, so the search is taken for a typo in a name.
    expect(repos(await search('ja rust'))).toEqual(['rust-lang/rust']);
    expect(repos(await search('javascript ru'))).toEqual(['denoland/deno']);
    expect(repos(await search('zulip mob'))).toEqual(['zulip/zulip-mobile', 'fork/zulip-mobile']);
  });

  it('needs every word, found in any field: name, owner, topics, description', async () => {
    expect(repos(await search('javascript runtime'))).toEqual(['denoland/deno']);
    expect(repos(await search('pallets'))).toEqual(['pallets/flask']);
    expect(repos(await search('compiler'))).toEqual(['rust-lang/rust']);
    expect(repos(await search('next.js'))).toEqual(['vercel/next.js']);
    expect(await search('nothing-like-this')).toEqual([]);
  });

  it('combines with the topic, language and new filters', async () => {
    expect(repos(await search('javascript', { filters: { topics: [], languages: ['Rust'] } }))).toEqual([
      'denoland/deno',
    ]);
    expect(
      new Set(repos(await search('javascript', { filters: { topics: ['ui'], languages: [] } }))),
    ).toEqual(new Set(['facebook/react', 'preactjs/preact']));
    const widgets = await list({
      sortField: 'relevance',
      order: 'DESC',
      page: 1,
      q: 'widget',
      showNew: true,
    });
    expect(widgets.json().total).toBe(0);
    expect((await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'widget' })).json().total).toBe(
      WIDGETS,
    );
  });

  it.each(PROJECT_SORT_OPTIONS.map((option) => [option.label, option] as const))(
    'sorts the matches as the list does: %s',
    async (_label, option) => {
      const sorted = (await list({ sortField: option.sortField, order: option.order, page: 1 })).json();
      const all: Project[] = [...sorted.data];
      for (let page = 2; page <= sorted.totalPages; page++) {
        all.push(...(await list({ sortField: option.sortField, order: option.order, page })).json().data);
      }
      const javascript = all.filter((p) => p.topics.includes('javascript')).map((p) => p.repoExt);
      const res = await list({ sortField: option.sortField, order: option.order, page: 1, q: 'javascript' });
      expect(repos(res.json().data)).toEqual(javascript);
    },
  );

  it('pages through the best matches without repeating or skipping one', async () => {
    const first = (await list({ sortField: 'relevance', order: 'DESC', page: 1, q: 'widget' })).json();
    const second = (await list({ sortField: 'relevance', order: 'DESC', page: 2, q: 'widget' })).json();
    expect(first.totalPages).toBe(2);
    const seen = [...repos(first.data), ...repos(second.data)];
    expect(new Set(seen).size).toBe(WIDGETS);
  });

  it('treats a blank search as no search', async () => {
    const all = (await list({ sortField: 'name', order: 'ASC', page: 1 })).json();
    const blank = (await list({ sortField: 'name', order: 'ASC', page: 1, q: '  \n ' })).json();
    expect(blank).toEqual(all);
    expect(all.total).toBe(catalogue.length);
  });

  it('answers nothing, not an error, for a search of punctuation only', async () => {
    const res = await list({ sortField: 'relevance', order: 'DESC', page: 1, q: '!!! ::' });
    expect(res.statusCode).toBe(200);
    expect(res.json().total).toBe(0);
  });

  it('takes any text a person may type without a server error', async () => {
    for (const q of ["c++ & | ! ( ) <-> 'x':*", '日本語 ÜBER café', '\\ % _ " ;--', 'a', '0'.repeat(100)]) {
      const res = await list({ sortField: 'relevance', order: 'DESC', page: 1, q });
      expect(res.statusCode, q).toBe(200);
    }
  });

  it('refuses Best match without a search, naming the field', async () => {
    for (const q of [undefined, '   ']) {
      const res = await list({
        sortField: 'relevance',
        order: 'DESC',
        page: 1,
        ...(q === undefined ? {} : { q }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toMatch(/body\.sortField.*body\.q/);
    }
  });

  it('refuses a search that is too long or holds control characters, naming the field', async () => {
    const long = await list({
      sortField: 'name',
      order: 'ASC',
      page: 1,
      q: 'a'.repeat(SEARCH_MAX_LENGTH + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/body\.q/);
    const control = await list({ sortField: 'name', order: 'ASC', page: 1, q: 'zulip\u0001' });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.message).toMatch(/body\.q/);
    const longest = await list({
      sortField: 'name',
      order: 'ASC',
      page: 1,
      q: 'a'.repeat(SEARCH_MAX_LENGTH),
    });
    expect(longest.statusCode).toBe(200);
  });
});
