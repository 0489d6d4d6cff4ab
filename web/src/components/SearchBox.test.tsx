import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './SearchBox';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function renderBox(value = '') {
  const onSearch = vi.fn();
  const box = (current: string) => (
    <SearchBox label="Search projects" placeholder="Name" value={current} onSearch={onSearch} />
  );
  const view = render(box(value));
  const input = screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search projects' });
  return {
    onSearch,
    input,
    /** The address changed: the page renders the box with its search. */
    rerender: (next: string) => view.rerender(box(next)),
    type: (text: string) => fireEvent.change(input, { target: { value: text } }),
    wait: (ms: number) => act(() => vi.advanceTimersByTime(ms)),
  };
}

describe('the search box', () => {
  it('searches once typing pauses, with the whole text, not at every key', () => {
    const { onSearch, type, wait } = renderBox();
    type('z');
    wait(100);
    type('zu');
    wait(100);
    type('zul');
    wait(SEARCH_DEBOUNCE_MS - 1);
    expect(onSearch).not.toHaveBeenCalled();
    wait(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('zul');
  });

  it('searches at once on Enter, trimmed, and not again when the text did not change', () => {
    const { onSearch, input, type, wait } = renderBox();
    type('  zulip ');
    fireEvent.submit(input);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenLastCalledWith('zulip');
    wait(SEARCH_DEBOUNCE_MS * 2);
    type('zulip');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('ends the search when emptied', () => {
    const { onSearch, input, type, wait } = renderBox('zulip');
    expect(input.value).toBe('zulip');
    type('');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenLastCalledWith('');
  });

  it('shows a search the address brings (Back, a link), dropping a pending one', () => {
    const { onSearch, input, rerender, type, wait } = renderBox('zulip');
    type('zulipx');
    rerender('rust');
    expect(input.value).toBe('rust');
    wait(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('keeps what the user typed meanwhile when the address catches up with the search it sent', () => {
    const { onSearch, input, rerender, type, wait } = renderBox();
    type('zu');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenLastCalledWith('zu');
    type('zul');
    rerender('zu');
    expect(input.value).toBe('zul');
    wait(SEARCH_DEBOUNCE_MS);
    expect(onSearch).toHaveBeenLastCalledWith('zul');
  });

  it('takes no more than the server does', () => {
    const { input } = renderBox();
    expect(input.maxLength).toBe(100);
  });
});
