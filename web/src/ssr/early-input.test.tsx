import { within } from '@testing-library/react';
import { act, startTransition, Suspense, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayEarlyInput } from './early-input';

interface Changes {
  onSearch: (text: string) => void;
  onQuiet: (checked: boolean) => void;
  onSort: (sort: string) => void;
}

/** A field's new state to the component's state and to the test's spy. */
function tell<T>(value: T, ...hearers: ((value: T) => void)[]) {
  hearers.forEach((hear) => hear(value));
}

/** Controlled fields inside a Suspense boundary (a part the root's hydration leaves for later), their state shown. */
function Filters({ onSearch, onQuiet, onSort }: Changes) {
  const [text, setText] = useState('');
  const [quiet, setQuiet] = useState(false);
  const [sort, setSort] = useState('newest');
  return (
    <Suspense fallback={null}>
      <input
        aria-label="Search languages"
        value={text}
        onChange={(event) => tell(event.target.value, setText, onSearch)}
      />
      <input
        type="checkbox"
        aria-label="Include quiet projects"
        checked={quiet}
        onChange={(event) => tell(event.target.checked, setQuiet, onQuiet)}
      />
      <select
        aria-label="Sort by"
        value={sort}
        onChange={(event) => tell(event.target.value, setSort, onSort)}
      >
        <option value="newest">Newest</option>
        <option value="oldest">Oldest</option>
      </select>
      <output>{`${text}|${quiet ? 'quiet' : 'loud'}|${sort}`}</output>
    </Suspense>
  );
}

let root: Root | null = null;

/** The server's fields, live before the takeover. */
function serverPage() {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Filters onSearch={vi.fn()} onQuiet={vi.fn()} onSort={vi.fn()} />);
  document.body.append(container);
  const page = within(container);
  return {
    container,
    search: page.getByRole<HTMLInputElement>('textbox', { name: 'Search languages' }),
    quiet: page.getByRole<HTMLInputElement>('checkbox', { name: 'Include quiet projects' }),
    sort: page.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }),
    shown: () => container.querySelector('output')?.textContent,
  };
}

/** What ssr/hydrate.ts does once the page's code is in; then the hydration and its renders run to the end. */
async function takeOver(container: HTMLElement, changes: Changes) {
  startTransition(() => {
    root = hydrateRoot(container, <Filters {...changes} />);
  });
  replayEarlyInput(container);
  await act(async () => {});
}

/** A field's edit as the browser makes one: the value set (past React's tracker), then the event. */
function type(field: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.replaceChildren();
});

describe('what a visitor does to a server-rendered page’s fields before the app takes it over', () => {
  it('reaches the app as though done after, the fields, focus and caret as the visitor left them', async () => {
    const { container, search, quiet, sort, shown } = serverPage();
    search.focus();
    type(search, 'script');
    search.setSelectionRange(2, 4);
    quiet.click();
    sort.value = 'oldest';

    const changes = { onSearch: vi.fn(), onQuiet: vi.fn(), onSort: vi.fn() };
    await takeOver(container, changes);
    expect(changes.onSearch.mock.calls).toEqual([['script']]);
    expect(changes.onQuiet.mock.calls).toEqual([[true]]);
    expect(changes.onSort.mock.calls).toEqual([['oldest']]);
    expect(shown()).toBe('script|quiet|oldest');
    expect([search.value, quiet.checked, sort.value]).toEqual(['script', true, 'oldest']);
    expect(document.activeElement).toBe(search);
    expect([search.selectionStart, search.selectionEnd]).toEqual([2, 4]);

    // Taken over: the next edit goes on from the visitor's.
    type(search, 'scripts');
    await act(async () => {});
    expect(changes.onSearch).toHaveBeenLastCalledWith('scripts');
    expect(shown()).toBe('scripts|quiet|oldest');
  });

  it('tells nothing of fields left as the server sent them, or put back so', async () => {
    const { container, search, quiet, shown } = serverPage();
    type(search, 'py');
    type(search, '');
    quiet.click();
    quiet.click();
    const changes = { onSearch: vi.fn(), onQuiet: vi.fn(), onSort: vi.fn() };
    await takeOver(container, changes);
    expect(changes.onSearch).not.toHaveBeenCalled();
    expect(changes.onQuiet).not.toHaveBeenCalled();
    expect(changes.onSort).not.toHaveBeenCalled();
    expect(shown()).toBe('|loud|newest');
  });
});
