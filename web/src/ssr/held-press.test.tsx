import { readFileSync } from 'node:fs';
import path from 'node:path';
import { within } from '@testing-library/react';
import { startTransition, Suspense } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replayHeldPress } from './held-press';

/** The blocking head script of index.html, run here as the browser runs it: before the app's code. */
const EARLY_SCRIPT = readFileSync(path.join(import.meta.dirname, '../../public/early.js'), 'utf8');

/** A form and a link inside a Suspense boundary: parts that the root's hydration leaves for later. */
function Page({ onJoin, onSave }: { onJoin: () => void; onSave: () => void }) {
  return (
    <Suspense fallback={null}>
      <form
        aria-label="Membership"
        onSubmit={(event) => {
          event.preventDefault();
          onJoin();
        }}
      >
        <button type="submit">Join</button>
        <button type="button" onClick={onSave}>
          Save
        </button>
      </form>
      <a href="#members">Members</a>
    </Suspense>
  );
}

let root: Root | null = null;

/** The server's page, marked as not yet taken over, with the early script run on it. */
function serverPage(): { container: HTMLElement; button: (name: string) => HTMLElement } {
  document.documentElement.setAttribute('data-hydrating', '');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = renderToString(<Page onJoin={() => undefined} onSave={() => undefined} />);
  document.body.append(container);
  new Function(EARLY_SCRIPT)();
  const button = (name: string) => within(container).getByRole('button', { name });
  return { container, button };
}

/** What ssr/hydrate.ts does once the page's code is in. */
function takeOver(container: HTMLElement, handlers: { onJoin: () => void; onSave: () => void }) {
  startTransition(() => {
    root = hydrateRoot(container, <Page {...handlers} />);
  });
  document.documentElement.removeAttribute('data-hydrating');
  replayHeldPress();
}

afterEach(() => {
  root?.unmount();
  root = null;
  document.documentElement.removeAttribute('data-hydrating');
  document.body.replaceChildren();
});

describe('a press on a server-rendered page before the app takes it over', () => {
  it('is held, then answered on the same button as hydration starts, focus where the user left it', () => {
    const { container, button } = serverPage();
    const form = within(container).getByRole('form', { name: 'Membership' });
    const nativeSubmits = vi.fn();
    form.addEventListener('submit', nativeSubmits);
    const join = button('Join');
    join.focus();
    // A key's activation or a pointer's press: a click either way.
    join.click();
    expect(nativeSubmits).not.toHaveBeenCalled();

    const handlers = { onJoin: vi.fn(), onSave: vi.fn() };
    takeOver(container, handlers);
    // At once: React hydrates the part clicked (left dehydrated by the root's pass) to hand it the click.
    expect(handlers.onJoin).toHaveBeenCalledTimes(1);
    expect(handlers.onSave).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(join);
    expect(within(container).getByRole('form', { name: 'Membership' })).toBe(form);
  });

  it('keeps the latest press only, and nothing once the page is taken over', () => {
    const { container, button } = serverPage();
    button('Join').click();
    button('Save').click();
    const handlers = { onJoin: vi.fn(), onSave: vi.fn() };
    takeOver(container, handlers);
    expect(handlers.onSave).toHaveBeenCalledTimes(1);
    expect(handlers.onJoin).not.toHaveBeenCalled();

    // Taken over: a press goes to the app, once, and nothing is held for a second replay.
    button('Save').click();
    expect(handlers.onSave).toHaveBeenCalledTimes(2);
    replayHeldPress();
    expect(handlers.onSave).toHaveBeenCalledTimes(2);
  });

  it('leaves a link’s click alone', () => {
    const { container } = serverPage();
    const link = within(container).getByRole('link', { name: 'Members' });
    const seen = vi.fn((event: MouseEvent) => event.defaultPrevented);
    document.addEventListener('click', seen);
    link.click();
    document.removeEventListener('click', seen);
    expect(seen).toHaveReturnedWith(false);
  });
});
