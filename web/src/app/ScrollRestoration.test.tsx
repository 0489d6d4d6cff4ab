import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { renderApp } from '../test/render-app';

/** The user scrolls the window to `y`. */
function scrollTo(y: number) {
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  window.dispatchEvent(new Event('scroll'));
}

describe('scroll position across navigations', () => {
  it('starts another page at its top, and Back returns to where the user was', async () => {
    mockApi();
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = renderApp('/');
    scrollTo(640);

    await act(() => router.navigate('/group-projects'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Looking for group' })).toBeTruthy();
    expect(scrolled).toHaveBeenLastCalledWith(0, 0);

    scrolled.mockClear();
    await act(() => router.back());
    expect(await screen.findByRole('heading', { level: 1, name: 'Open source projects' })).toBeTruthy();
    expect(scrolled).toHaveBeenLastCalledWith(0, 640);
  });

  it('leaves the scroll alone when only the search changes (filters, pages, tabs)', async () => {
    mockApi();
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router, currentUrl } = renderApp('/');
    scrollTo(900);

    await act(() => router.navigate('/?languages=Go'));
    expect(currentUrl()).toBe('/?languages=Go');
    expect(scrolled).not.toHaveBeenCalled();
  });
});
