import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { groupList, groupListRequests, groupsHandler, makeGroup } from '../test-fixtures';

const rustGroup = makeGroup({ groupProjectId: 1, title: 'Rust CLI', description: 'A small rust tool.' });
const webGroup = makeGroup({ groupProjectId: 2, title: 'Web chat' });

describe('searching Looking for group', () => {
  it('searches as the user types, with the filters on, and marks the matched words', async () => {
    const { calls } = mockApi(groupsHandler((request) => groupList(request.q ? [rustGroup] : [webGroup])));
    const { user, currentUrl } = renderApp('/group-projects?skills=Beginner');
    await screen.findByRole('article', { name: 'Web chat' });

    await user.type(screen.getByRole('searchbox', { name: 'Search groups' }), 'rust');
    await waitFor(() => expect(currentUrl()).toBe('/group-projects?q=rust&skills=Beginner'));
    await waitFor(() =>
      expect(groupListRequests(calls).at(-1)).toEqual({
        sortField: 'relevance',
        order: 'DESC',
        page: 1,
        q: 'rust',
        skillLevels: ['Beginner'],
      }),
    );
    expect(groupListRequests(calls).filter((request) => request.q !== undefined)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe(
        'relevance-desc',
      ),
    );

    const card = await waitFor(() => {
      const found = screen.getAllByRole('article').find((article) => article.textContent?.startsWith('Rust'));
      if (!found) throw new Error('no Rust CLI card');
      return found;
    });
    // The marking code loads with the first search: the marks come a moment after the results.
    const marks = await within(card).findAllByText((_, element) => element?.tagName === 'MARK');
    expect(marks.map((mark) => mark.textContent)).toEqual(['Rust', 'rust']);
  });

  it('says when nothing matches the search, with a way to clear it', async () => {
    mockApi(groupsHandler((request) => groupList(request.q ? [] : [webGroup])));
    const { user, currentUrl } = renderApp('/group-projects?q=cobol&sort=saves-desc');
    expect(await screen.findByText('No groups match “cobol”.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(currentUrl()).toBe('/group-projects?sort=saves-desc');
    await screen.findByRole('article', { name: 'Web chat' });
  });
});
