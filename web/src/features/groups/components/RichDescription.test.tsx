// @vitest-environment jsdom
// The description's renderer sanitises with DOMPurify, which needs a faithful DOM (it does not support happy-dom).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi, beforeAll } from 'vitest';
import { LINK_REL } from '../../../components/markdown/render-markdown';
import { mockApi } from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { topicSearchHandler } from '../../../test/topic-search-mock';
import {
  groupList,
  groupsHandler,
  makeGroup,
  makeInfo,
  makeViewer,
  signedInAs,
  signedInSession,
} from '../test-fixtures';
import { LINK_COPIED_MESSAGE } from './CopyLinkButton';
import { NOTHING_TO_PREVIEW } from './DescriptionField';
import { preloadBoardViews } from '../../../test/preload-views';

beforeAll(preloadBoardViews);

const DESCRIPTION = 'We need:\n\n- a **designer**\n- a tester\n\nPlan: https://example.com/plan';
const group = makeGroup({ groupProjectId: 7, title: 'Chess engine', description: DESCRIPTION });
const owner = makeViewer('owner', { edit: true, delete: true, post: true, readDiscussion: true });

function groupPage() {
  const api = mockApi({
    ...signedInAs(),
    'GET /api/account/public-repos': () => ({ body: { repos: [] } }),
    ...topicSearchHandler([]),
    'POST /api/group-projects/discussion-info': () => ({
      body: { data: makeInfo(group, { viewer: owner }) },
    }),
  });
  return { ...api, ...renderApp('/group-projects/7', { session: signedInSession }) };
}

function expectRenderedDescription(container: HTMLElement) {
  const items = within(container).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual(['a designer', 'a tester']);
  const link = within(container).getByRole('link', { name: 'https://example.com/plan' });
  expect(link.getAttribute('href')).toBe('https://example.com/plan');
  expect(link.getAttribute('rel')).toBe(LINK_REL);
  expect(link.getAttribute('target')).toBe('_blank');
}

/** The browser's clipboard, as the test wants it (set after the app's set-up, which puts in user-event's). */
function clipboardThat(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => vi.restoreAllMocks());

describe('a group’s description in Markdown', () => {
  it('shows on the group page rendered, not as its source', async () => {
    groupPage();
    const rendered = (await screen.findByText('designer')).closest('div') as HTMLElement;
    expectRenderedDescription(rendered);
    expect(rendered.textContent).not.toContain('**');
  });

  it('previews the edited description with the page’s renderer, and keeps the text to go on writing', async () => {
    const { user } = groupPage();
    await user.click(await screen.findByRole('button', { name: 'Edit group' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit group' }));
    const write = dialog.getByRole('tab', { name: 'Write' });
    expect(write.getAttribute('aria-selected')).toBe('true');

    await user.click(dialog.getByRole('tab', { name: 'Preview' }));
    const preview = dialog.getByRole('tabpanel', { name: 'Preview' });
    await waitFor(() => expectRenderedDescription(preview));
    const box = dialog.getByLabelText('Description') as HTMLTextAreaElement;
    const isShown = (element: HTMLElement) => !(element.closest('[role="tabpanel"]') as HTMLElement).hidden;
    expect(isShown(box)).toBe(false);

    // Arrow keys move between the tabs, as the tabs pattern has it.
    await user.keyboard('{ArrowLeft}');
    expect(write.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(write);
    expect(isShown(box)).toBe(true);
    expect(box.value).toBe(DESCRIPTION);
  });

  it('says there is nothing to preview in an empty posting form, then previews what is typed', async () => {
    const api = mockApi({
      ...signedInAs(),
      ...groupsHandler(() => groupList([])),
      'GET /api/account/public-repos': () => ({ body: { repos: [] } }),
      ...topicSearchHandler([]),
    });
    const { user } = { ...api, ...renderApp('/group-projects?post=new', { session: signedInSession }) };
    const dialog = within(await screen.findByRole('dialog', { name: 'Post a group project' }));
    await user.click(dialog.getByRole('tab', { name: 'Preview' }));
    expect(dialog.getByText(NOTHING_TO_PREVIEW)).toBeTruthy();

    await user.click(dialog.getByRole('tab', { name: 'Write' }));
    await user.type(dialog.getByLabelText('Description'), 'Bring `cargo` and <b>coffee</b>');
    await user.click(dialog.getByRole('tab', { name: 'Preview' }));
    const preview = dialog.getByRole('tabpanel', { name: 'Preview' });
    await waitFor(() => expect(preview.querySelector('code')?.textContent).toBe('cargo'));
    // Raw HTML is shown as the text it is.
    expect(preview.querySelector('b')).toBeNull();
    expect(preview.textContent).toContain('<b>coffee</b>');
  });
});

describe('Copy link', () => {
  it('copies the group page’s address and says so', async () => {
    const { user } = groupPage();
    const writeText = vi.fn(() => Promise.resolve());
    clipboardThat(writeText);
    await user.click(await screen.findByRole('button', { name: 'Copy link to Chess engine' }));
    expect(await screen.findByText(LINK_COPIED_MESSAGE)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/group-projects/7`);
  });

  it('shows the address to copy by hand when the browser refuses to copy', async () => {
    const { user } = groupPage();
    clipboardThat(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    document.execCommand = vi.fn(() => false);
    await user.click(await screen.findByRole('button', { name: 'Copy link to Chess engine' }));
    expect(
      await screen.findByText(`Copy this link: ${window.location.origin}/group-projects/7`),
    ).toBeTruthy();
    expect(screen.queryByText(LINK_COPIED_MESSAGE)).toBeNull();
  });

  it('copies through the older copy command when the Clipboard API is refused', async () => {
    const { user } = groupPage();
    clipboardThat(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    const copied: string[] = [];
    document.execCommand = vi.fn(() => {
      copied.push((document.activeElement as HTMLTextAreaElement).value);
      return true;
    });
    await user.click(await screen.findByRole('button', { name: 'Copy link to Chess engine' }));
    expect(await screen.findByText(LINK_COPIED_MESSAGE)).toBeTruthy();
    expect(copied).toEqual([`${window.location.origin}/group-projects/7`]);
  });
});
