/**
 * Type-ahead for the search modal. Between the shortcut (or a click on the search button) and the
 * moment the modal's field exists, the modal's code may still be downloading: keys pressed then
 * used to go nowhere ("rerender" became "erender"). Opening search first focuses a stand-in field,
 * invisible and outside the layout, so every key (and an input method's text, and a phone's
 * on-screen keyboard, which opens only for a field focused during the tap) lands there; the modal
 * takes its text when it mounts and puts it in its own field, caret at the end.
 *
 * Part of the main bundle (the search button uses it): a few hundred bytes, no dependencies.
 */

export interface TypedAhead {
  /** What was typed, as the stand-in field holds it. */
  text: string;
  /** Enter was pressed after some text: the reader asked for the results already. */
  submitted: boolean;
}

interface Pending {
  field: HTMLInputElement;
  submitted: boolean;
}

let pending: Pending | null = null;

/**
 * Starts catching keys: focuses the stand-in field (creating it on first use). `onCancel` runs
 * when Escape is pressed before the modal is there. Calling it again while a catch is under way
 * keeps what was typed.
 */
export function startTypeAhead(doc: Document, onCancel: () => void): void {
  if (pending) {
    pending.field.focus({preventScroll: true});
    return;
  }
  const field = doc.createElement('input');
  field.type = 'text';
  field.autocomplete = 'off';
  field.spellcheck = false;
  field.setAttribute('aria-label', 'Search the site');
  // Focusable (opacity, not visibility or display), out of the flow and of the pointer's way;
  // 16px text so that phones do not zoom in on it.
  field.style.cssText =
    'position:fixed;top:0;left:0;width:1px;height:1px;padding:0;border:0;opacity:0;pointer-events:none;font-size:16px';
  const state: Pending = {field, submitted: false};
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      state.submitted = field.value.trim() !== '';
    } else if (event.key === 'Escape') {
      event.preventDefault();
      stopTypeAhead();
      onCancel();
    }
  });
  pending = state;
  doc.body.append(field);
  field.focus({preventScroll: true});
}

/** Ends the catch and returns what was typed (nothing when no catch was under way). */
export function stopTypeAhead(): TypedAhead {
  const state = pending;
  pending = null;
  if (!state) return {text: '', submitted: false};
  state.field.remove();
  return {text: state.field.value, submitted: state.submitted};
}
