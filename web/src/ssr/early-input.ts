type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Tells the app what the visitor typed, ticked or chose in the fields of a server-rendered page before it took the
 * page over, as though done just now: called once `hydrateRoot` is, on the server's fields (hydration adopts
 * them), before the held press is replayed (what was typed comes before a press that may act on it).
 *
 * The fields are live native ones before the takeover, so they hold the visitor's edits, and React keeps them when
 * it hydrates a field; but it takes the field's state then as the one it last knew (its value tracker), hears of no
 * change, and the next render puts the app's state back: the text typed vanished, the box ticked came unticked.
 * React 19 does not yet replay such changes itself (it can, behind a flag it has not turned on). So each field
 * whose state is not the one the server sent is put back as sent, React hydrates it as sent (an event on a part not
 * yet hydrated makes React hydrate that part at once, as for a held press), and the visitor's edit is made again
 * the way a testing library makes one, which React hears as the visitor's: its `onChange` runs with it.
 *
 * Here, at the takeover, not in an effect once the page's hydration has committed: React runs effects inside its
 * commit, where the change event of a controlled field is followed by putting the field back to the props of the
 * render before (the new state is not rendered yet), moving the caret; and each Suspense boundary commits apart,
 * so no one effect sees every field hydrated. Here React's own answer to an event says when a field is hydrated:
 * once the event is dispatched. A page the visitor typed in is hydrated at once, in one task, as it is for a held
 * press; nothing is painted in between, and focus, caret and selection stay as the visitor left them.
 *
 * A gap remains, React's own (facebook/react#12955): typing after this call into a field React has yet to
 * hydrate (the page hydrates in slices from here) makes React hydrate the field with the typed text already in it,
 * so it hears no change either. The slices take a moment; the time before the takeover, which this covers, is
 * the page's code loading.
 */
export function replayEarlyInput(container: HTMLElement): void {
  // Every edit read before any is replayed: the app's render after one puts the others' fields back as the app
  // has them (the server's state) before their turn.
  const edits = Array.from(container.querySelectorAll<Field>('input, select, textarea')).map(readEdit);
  for (const replay of edits) replay?.();
}

/** How to replay the visitor's edit of `field`, if its state is not the one the server sent. */
function readEdit(field: Field): (() => void) | null {
  if (field instanceof HTMLSelectElement) return readChoice(field);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return readTick(field);
  if (field instanceof HTMLTextAreaElement || TYPED.has(field.type)) return readText(field);
  return null;
}

/** The inputs a visitor types into (the others are buttons, ticks, files or hidden). */
const TYPED = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'week',
  'time',
  'color',
  'range',
]);

function readText(field: HTMLInputElement | HTMLTextAreaElement): (() => void) | null {
  const typed = field.value;
  const sent = field.defaultValue;
  if (typed === sent) return null;
  // Null where the type has no caret (number, email): nothing to keep then.
  const { selectionStart, selectionEnd, selectionDirection } = field;
  return () => {
    field.value = sent;
    hydrate(field);
    // Past the element's own setter, which is React's value tracker once it is hydrated: the tracker keeps the
    // server's value, so the input event below reads as a change to what was typed.
    const prototype =
      field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    if (selectionStart !== null && selectionEnd !== null)
      field.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
  };
}

function readTick(field: HTMLInputElement): (() => void) | null {
  const sent = field.defaultChecked;
  // A radio is unticked by ticking another of its group: that one's replay tells the app.
  if (field.checked === sent || (field.type === 'radio' && !field.checked)) return null;
  return () => {
    field.checked = sent;
    hydrate(field);
    // The tick again, as the visitor made it: React hears a box's change by its click.
    field.click();
  };
}

function readChoice(field: HTMLSelectElement): (() => void) | null {
  const options = Array.from(field.options);
  const chosen = options.map((option) => option.selected);
  // The server's choice: `defaultSelected`, which is the `selected` attribute (read so, as happy-dom has no
  // `defaultSelected`).
  const sent = options.map((option) => option.hasAttribute('selected'));
  if (sent.every((selected, index) => selected === chosen[index])) return null;
  return () => {
    options.forEach((option, index) => (option.selected = sent[index] ?? false));
    hydrate(field);
    options.forEach((option, index) => (option.selected = chosen[index] ?? false));
    // As the browser tells of a choice; React's `onChange` on a select hears the change event (and tracks nothing).
    field.dispatchEvent(new Event('input', { bubbles: true }));
    field.dispatchEvent(new Event('change', { bubbles: true }));
  };
}

/**
 * Has React hydrate the part holding `field` now, if it has not: React answers an event on a part it has yet to
 * hydrate by hydrating it at once, then hands the event on. An input event with the field unchanged, which React
 * hands no `onChange` (the app has no `onInput`). It needs the part's code, which ssr/hydrate.ts loads first.
 */
function hydrate(field: Field): void {
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
