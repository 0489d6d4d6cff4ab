import type { ProjectListRequest } from '@openlfg/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { listRequests, listResponse, makeProject, projectsHandler } from '../test-fixtures';

const zulip = makeProject({
  projectId: 1,
  name: 'zulip',
  repoExt: 'zulip/zulip',
  description: 'Zulip server and web application.',
});

/**
 * A result card by the text it starts with. Not by its accessible name: the test DOM gives <mark> no display,
 * so the name reads "zul ip" here where a browser reads "zulip" (the e2e journey checks that).
 */
async function result(name: string) {
  return waitFor(() => {
    const found = screen.getAllByRole('article').find((article) => article.textContent?.startsWith(name));
    if (!found) throw new Error(`No card ${name}`);
    return found;
  });
}

function searchHandler() {
  return projectsHandler((request: ProjectListRequest) =>
    listResponse(request.q ? [zulip] : [makeProject({ projectId: 2, name: 'tokio' })]),
  );
}

describe('searching Discover', () => {
  it('searches as the user types, once they pause, with Best match chosen and the search in the address', async () => {
    const { calls } = mockApi(searchHandler());
    const { user, currentUrl } = renderApp('/?topics=chat&sort=name-asc');
    await screen.findByRole('article', { name: /^tokio\b/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search projects' }), 'zul');
    await waitFor(() => expect(currentUrl()).toBe('/?q=zul&topics=chat'));
    await result('zulip');
    // One search for the pause, not one per letter.
    expect(listRequests(calls).filter((request) => request.q !== undefined)).toEqual([
      expect.objectContaining({ q: 'zul', sortField: 'relevance', order: 'DESC', page: 1 }),
    ]);
    expect(listRequests(calls).at(-1)?.filters).toEqual({ topics: ['chat'], languages: [] });

    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    await waitFor(() => expect(sort.value).toBe('relevance-desc'));
    expect(within(sort).getAllByRole('option')[0]?.textContent).toBe('Best match');
  });

  it('marks the matched words in the results', async () => {
    mockApi(searchHandler());
    renderApp('/?q=zul');
    // The marking code loads with the first search: the marks come a moment after the results.
    const marks = await within(await result('zulip')).findAllByText(
      (_, element) => element?.tagName === 'MARK',
    );
    // The name, the owner and name, and the description: where the server matched.
    expect(marks.map((mark) => mark.textContent)).toEqual(['zul', 'zul', 'zul', 'Zul']);
  });

  it('says when the server searched for a corrected word, and marks that word', async () => {
    mockApi(
      projectsHandler((request: ProjectListRequest) =>
        listResponse([zulip], request.q === 'zulp' ? { searchedFor: 'zulip' } : {}),
      ),
    );
    renderApp('/?q=zulp');
    const note = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent?.startsWith('Nothing has') === true,
    );
    expect(note.textContent).toBe('Nothing has “zulp”: showing results for zulip.');
    const marks = await within(await result('zulip')).findAllByText(
      (_, element) => element?.tagName === 'MARK',
    );
    expect(marks.map((mark) => mark.textContent)).toEqual(['zulip', 'zulip', 'zulip', 'Zulip']);
  });

  it('lets the user pick another sort while searching, and leaves Best match when the search is cleared', async () => {
    const { calls } = mockApi(searchHandler());
    const { user, currentUrl } = renderApp('/?q=zulip');
    await result('zulip');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most Saved');
    expect(currentUrl()).toBe('/?q=zulip&sort=saves-desc');
    await waitFor(() => expect(listRequests(calls).at(-1)).toMatchObject({ q: 'zulip', sortField: 'saves' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Best match');
    await user.clear(screen.getByRole('searchbox', { name: 'Search projects' }));
    await waitFor(() => expect(currentUrl()).toBe('/'));
    await waitFor(() =>
      expect(listRequests(calls).at(-1)).toEqual(
        expect.not.objectContaining({ q: expect.anything(), sortField: 'relevance' }),
      ),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Sort by' }))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).not.toContain('Best match'),
    );
  });

  it('takes one Back to leave a search, however many letters it took', async () => {
    mockApi(searchHandler());
    const { user, currentUrl, router } = renderApp('/');
    await screen.findByRole('article', { name: /^tokio\b/ });
    const box = screen.getByRole('searchbox', { name: 'Search projects' });
    await user.type(box, 'zu');
    await waitFor(() => expect(currentUrl()).toBe('/?q=zu'));
    await user.type(box, 'lip');
    await waitFor(() => expect(currentUrl()).toBe('/?q=zulip'));

    await router.back();
    await waitFor(() => expect(currentUrl()).toBe('/'));
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search projects' }).value).toBe(''),
    );
    await router.forward();
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search projects' }).value).toBe(
        'zulip',
      ),
    );
  });

  it('says when nothing matches the search, with a way to clear it', async () => {
    mockApi(projectsHandler((request) => listResponse(request.q ? [] : [makeProject({ name: 'tokio' })])));
    const { user, currentUrl } = renderApp('/?q=nothing');
    expect(await screen.findByText('No projects match “nothing”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(currentUrl()).toBe('/');
    await screen.findByRole('article', { name: /^tokio\b/ });
  });
});
