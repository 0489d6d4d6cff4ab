import { act, render, screen } from '@testing-library/react';
import { Profiler, Suspense, useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from '../app/RouteErrorBoundary';
import { Spinner } from '../components/Spinner';
import { CodeSuspense, lazyComponent, lazyDialog } from './lazy-component';

/** A chunk the test delivers (or fails) when it says so. */
function chunk() {
  let deliver!: (component: (props: { name: string }) => React.JSX.Element) => void;
  let fail!: (error: Error) => void;
  let loads = 0;
  const load = () => {
    loads += 1;
    return new Promise<(props: { name: string }) => React.JSX.Element>((resolve, reject) => {
      deliver = resolve;
      fail = reject;
    });
  };
  return {
    load,
    loads: () => loads,
    deliver: (component: (props: { name: string }) => React.JSX.Element) =>
      act(async () => deliver(component)),
    /** As the browser delivers it: React schedules what follows as it does in the app, not as `act` does. */
    arrive: (component: (props: { name: string }) => React.JSX.Element) => deliver(component),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyComponent', () => {
  it('shows the spinner until its code has arrived, then renders at once wherever it appears next', async () => {
    const code = chunk();
    const Lazy = lazyComponent(code.load);
    // Awaited: React retries a component that suspended only in an awaited act.
    const view = await act(async () =>
      render(
        <Suspense fallback={<Spinner label="Loading" />}>
          <Lazy name="Ada" />
        </Suspense>,
      ),
    );
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
    expect(Lazy.isLoaded()).toBe(false);

    await code.deliver(Greeting);

    expect(screen.getByText('Hello Ada')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    view.unmount();

    render(
      <Suspense fallback={<Spinner label="Loading" />}>
        <Lazy name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeTruthy();
    expect(code.loads()).toBe(1);
  });

  it('shows the error page when its code fails to load, and loads it again on the next visit', async () => {
    const code = chunk();
    const Lazy = lazyComponent(code.load);
    const page = (key: string) => (
      <RouteErrorBoundary resetKey={key}>
        <Suspense fallback={<Spinner label="Loading" />}>
          <Lazy name="Ada" />
        </Suspense>
      </RouteErrorBoundary>
    );
    const errors = console.error;
    console.error = () => {};
    try {
      const view = await act(async () => render(page('first'), { wrapper: MemoryRouter }));
      await code.fail(new Error('chunk gone'));
      expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();

      await act(async () => view.rerender(page('second')));
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      await code.deliver(Greeting);
      expect(screen.getByText('Hello Ada')).toBeTruthy();
      expect(code.loads()).toBe(2);
    } finally {
      console.error = errors;
    }
  });
});

describe('a page whose code arrives after its spinner showed', () => {
  type Page = (props: { name: string }) => React.JSX.Element;
  /** A page frame as the router's: a spinner until the page's code is in, inside what the frame renders. */
  function PlainFrame({ page: Page }: { page: Page }) {
    return (
      <Suspense fallback={<Spinner label="Loading" />}>
        <Page name="Ada" />
      </Suspense>
    );
  }
  function ShowingFrame({ page: Page }: { page: Page }) {
    return (
      <CodeSuspense fallback={<Spinner label="Loading" />}>
        <Page name="Ada" />
      </CodeSuspense>
    );
  }

  /** Lets React do what the browser would have it do next (its scheduler runs on setImmediate). */
  const nextTasks = async () => {
    for (let task = 0; task < 5; task += 1) await new Promise((resolve) => setImmediate(resolve));
  };

  async function pageShownWithout300ms(Frame: typeof PlainFrame) {
    const code = chunk();
    const Page = lazyComponent(code.load);
    // React's throttle compares its clock (performance.now, through its scheduler) at the spinner and at the
    // arrival: stopped, the code arrives "at once" after the spinner however busy the machine is, and the
    // throttle's timer, faked, never fires here, so what shows did not wait for it.
    const stopped = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(stopped);
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    try {
      await act(async () => render(<Frame page={Page} />));
      expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
      code.arrive(Greeting);
      await nextTasks();
      return screen.queryByText('Hello Ada') !== null;
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
      vi.useRealTimers();
      vi.mocked(performance.now).mockRestore();
    }
  }

  it('is held back by React behind its spinner for 300 ms', async () => {
    // What CodeSuspense is for: when React stops holding a page back, this fails and it can be a plain Suspense.
    expect(await pageShownWithout300ms(PlainFrame)).toBe(false);
  });

  it('shows at once under a CodeSuspense', async () => {
    expect(await pageShownWithout300ms(ShowingFrame)).toBe(true);
  });

  it('renders the arrived code as a transition, in tasks React can yield between', async () => {
    // An ordinary update rendered the whole page the code brought in one task, however long (a 20 ms block on a
    // phone: Lighthouse's blocking time on /group-projects); a transition is rendered by React's scheduler in
    // slices of about 5 ms, each in a task of its own. Here each part of the page takes 10 ms of React's clock.
    let clock = performance.now();
    vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const spend = (ms: number) => {
      clock += ms;
    };
    function SlowPart({ name }: { name: string }) {
      spend(10);
      return <p>{name}</p>;
    }
    const SlowPage = ({ name }: { name: string }) => (
      <>
        <SlowPart name={`${name} 1`} />
        <SlowPart name={`${name} 2`} />
        <SlowPart name={`${name} 3`} />
      </>
    );
    const code = chunk();
    const Page = lazyComponent(code.load);
    const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
    try {
      await act(async () => render(<ShowingFrame page={Page} />));
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
      code.arrive(SlowPage);
      for (let microtask = 0; microtask < 20; microtask += 1) await Promise.resolve();
      // React's first task: a slice of the render, then it yields, with nothing shown yet.
      await new Promise((resolve) => setImmediate(resolve));
      expect(screen.queryByText('Ada 1')).toBeNull();
      await nextTasks();
      expect(screen.getByText('Ada 3')).toBeTruthy();
    } finally {
      Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
      vi.mocked(performance.now).mockRestore();
    }
  });
});

describe('CodeSuspense', () => {
  it('re-renders only the boundary that waited for the code that arrived', async () => {
    const code = chunk();
    const Slot = lazyComponent(code.load);
    const committed: string[] = [];
    const onRender = (id: string) => committed.push(id);
    function Page() {
      return (
        <>
          <Profiler id="figures" onRender={onRender}>
            <CodeSuspense fallback={null}>
              <p>Figures</p>
            </CodeSuspense>
          </Profiler>
          <Profiler id="room" onRender={onRender}>
            <CodeSuspense fallback={<Spinner label="Loading the room" />}>
              <Slot name="room" />
            </CodeSuspense>
          </Profiler>
        </>
      );
    }
    // The page under a boundary of its own, as the router's frame puts every page.
    function Frame() {
      return (
        <CodeSuspense fallback={<Spinner label="Loading" />}>
          <Page />
        </CodeSuspense>
      );
    }
    await act(async () => render(<Frame />));
    expect(screen.getByRole('status', { name: 'Loading the room' })).toBeTruthy();
    committed.length = 0;

    await code.deliver(Greeting);

    expect(screen.getByText('Hello room')).toBeTruthy();
    // Every boundary used to re-render when any chunk arrived, and the frame with the whole page in it (the
    // page's figures would have committed again then).
    expect(committed).toEqual(['room']);
  });
});

describe('lazyDialog', () => {
  it('loads nothing until it first opens, then stays mounted when closed', async () => {
    const code = chunk();
    const Dialog = lazyDialog(code.load, (props: { name: string; open: boolean }) => props.open);
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(!open)}>
            Toggle
          </button>
          <Dialog name={open ? 'open' : 'closed'} open={open} />
        </>
      );
    }
    render(<Opener />);
    expect(code.loads()).toBe(0);

    await act(async () => screen.getByRole('button', { name: 'Toggle' }).click());
    expect(code.loads()).toBe(1);
    await code.deliver(Greeting);
    expect(screen.getByText('Hello open')).toBeTruthy();

    await act(async () => screen.getByRole('button', { name: 'Toggle' }).click());
    expect(screen.getByText('Hello closed')).toBeTruthy();
  });
});
