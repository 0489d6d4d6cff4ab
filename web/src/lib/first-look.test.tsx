import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_LOOK_MS, resetFirstLook, useFirstLookOver } from './first-look';

function Probe({ name }: { name: string }) {
  return <output aria-label={name}>{useFirstLookOver() ? 'over' : 'looking'}</output>;
}

const state = (name = 'probe') => screen.getByRole('status', { name }).textContent;

beforeEach(() => resetFirstLook());
afterEach(() => vi.useRealTimers());

describe('the first look at a page', () => {
  it('lasts until the visitor taps, presses a key or scrolls, then stays over for every part', async () => {
    const { unmount } = render(<Probe name="probe" />);
    expect(state()).toBe('looking');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    // Not inside the key's own event: the parts waiting for it render again after the key was answered.
    expect(state()).toBe('looking');
    await waitFor(() => expect(state()).toBe('over'));
    unmount();
    // A part shown later (another page of the app) starts past it.
    render(<Probe name="later" />);
    expect(state('later')).toBe('over');
  });

  it('ends by itself a few seconds after the page opened', () => {
    vi.useFakeTimers();
    render(<Probe name="probe" />);
    act(() => vi.advanceTimersByTime(FIRST_LOOK_MS - 1));
    expect(state()).toBe('looking');
    act(() => vi.advanceTimersByTime(1));
    // The parts waiting for it are told after a task of its own, each in its own.
    act(() => vi.advanceTimersToNextTimer());
    act(() => vi.advanceTimersToNextTimer());
    expect(state()).toBe('over');
  });

  it('tells each part waiting for it in a task of its own, not all of them in one render', async () => {
    let secondWhenFirstShowedOver: string | null = null;
    function First() {
      const over = useFirstLookOver();
      useLayoutEffect(() => {
        if (over) secondWhenFirstShowedOver = state('second');
      }, [over]);
      return <output aria-label="first">{over ? 'over' : 'looking'}</output>;
    }
    render(
      <>
        <First />
        <Probe name="second" />
      </>,
    );
    fireEvent.keyDown(document.body, { key: 'Tab' });
    await waitFor(() => expect(state('second')).toBe('over'));
    expect(secondWhenFirstShowedOver).toBe('looking');
  });

  it('ends at a scroll, or at text put in a field without a key (a paste, dictation)', async () => {
    render(
      <>
        <Probe name="probe" />
        <input aria-label="Search" />
      </>,
    );
    fireEvent.input(screen.getByRole('textbox', { name: 'Search' }), { target: { value: 'rust' } });
    await waitFor(() => expect(state()).toBe('over'));
    resetFirstLook();
    render(<Probe name="again" />);
    expect(state('again')).toBe('looking');
    fireEvent.scroll(window);
    await waitFor(() => expect(state('again')).toBe('over'));
  });
});
