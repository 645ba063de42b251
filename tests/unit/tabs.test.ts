import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  checkedOptions,
  createGroupChoices,
  focusTarget,
  initialValue,
  storageKey,
  validChoice,
  type ChoiceSlot,
} from '../../src/lib/tabs/choice';

const RECIPE = checkedOptions([
  {value: 'meta', label: 'meta.yaml', default: true},
  {value: 'v1', label: 'recipe.yaml (v1)'},
]);

test('a group’s choice is stored under the classic theme’s key, so earlier choices still apply', () => {
  assert.equal(storageKey('recipe-format'), 'docusaurus.tab.recipe-format');
});

test('the options of a set of tabs: at least one, each with its own value', () => {
  assert.deepEqual(RECIPE, [
    {value: 'meta', label: 'meta.yaml', default: true},
    {value: 'v1', label: 'recipe.yaml (v1)', default: undefined},
  ]);
  assert.throws(() => checkedOptions([]), /at least one <TabItem>/);
  assert.throws(() => checkedOptions([{value: 'a'}, {label: 'no value'}]), /child 2 is not a <TabItem> with a `value`/);
  assert.throws(() => checkedOptions([{value: ''}]), /child 1/);
  assert.throws(() => checkedOptions([{value: 'a'}, {value: 'b'}, {value: 'a'}]), /two <TabItem>s have the value "a"/);
});

test('the first tab shown: defaultValue, else the item marked default, else the first', () => {
  assert.equal(initialValue(RECIPE), 'meta');
  assert.equal(initialValue(RECIPE, 'v1'), 'v1');
  const unmarked = checkedOptions([{value: 'conda'}, {value: 'mamba'}]);
  assert.equal(initialValue(unmarked), 'conda');
  const secondMarked = checkedOptions([{value: 'conda'}, {value: 'mamba', default: true}]);
  assert.equal(initialValue(secondMarked), 'mamba');
  assert.equal(initialValue(secondMarked, 'conda'), 'conda', 'defaultValue wins over the marked item');
  assert.throws(() => initialValue(RECIPE, 'v2'), /defaultValue="v2".*values: meta, v1/);
});

test('a stored choice applies only to tabs that have it', () => {
  const values = RECIPE.map((option) => option.value);
  assert.equal(validChoice('v1', values), 'v1');
  assert.equal(validChoice('mamba', values), null, 'a choice made in tabs with other values');
  assert.equal(validChoice(null, values), null);
  assert.equal(validChoice(undefined, values), null);
  assert.equal(validChoice('', values), null);
});

test('arrow keys move the focus along the tabs and wrap around; Home and End jump to the ends', () => {
  assert.equal(focusTarget('ArrowRight', 0, 3), 1);
  assert.equal(focusTarget('ArrowRight', 2, 3), 0, 'past the last tab: the first');
  assert.equal(focusTarget('ArrowLeft', 2, 3), 1);
  assert.equal(focusTarget('ArrowLeft', 0, 3), 2, 'before the first tab: the last');
  assert.equal(focusTarget('ArrowRight', 0, 1), 0, 'one tab: the focus stays');
  assert.equal(focusTarget('Home', 2, 3), 0);
  assert.equal(focusTarget('End', 0, 3), 2);
  for (const key of ['ArrowDown', 'ArrowUp', 'Enter', ' ', 'Tab', 'a']) assert.equal(focusTarget(key, 1, 3), null, key);
  assert.equal(focusTarget('ArrowRight', 0, 0), null);
});

/**
 * Slots over one fake storage that behave as `createStorageSlot()`'s: a write reports the change
 * to every listener of the key, in this window too, unless the value is the same.
 */
function fakeStorage() {
  const values = new Map<string, string>();
  const listeners = new Map<string, Set<(event: {newValue: string | null}) => void>>();
  const created: string[] = [];
  const report = (key: string, newValue: string) => {
    for (const listener of listeners.get(key) ?? []) listener({newValue});
  };
  const slotFor = (groupId: string): ChoiceSlot => {
    const key = storageKey(groupId);
    created.push(groupId);
    return {
      get: () => values.get(key) ?? null,
      set: (value) => {
        const old = values.get(key);
        values.set(key, value);
        if (old !== value) report(key, value);
      },
      listen: (onChange) => {
        if (!listeners.has(key)) listeners.set(key, new Set());
        listeners.get(key)!.add(onChange);
        return () => listeners.get(key)!.delete(onChange);
      },
    };
  };
  /** A write by another window: the storage changes and a storage event arrives. */
  const writeElsewhere = (groupId: string, value: string) => {
    values.set(storageKey(groupId), value);
    report(storageKey(groupId), value);
  };
  return {values, created, slotFor, writeElsewhere};
}

test('a choice reaches every set of tabs of its group once, is stored, and outlives the tabs', () => {
  const storage = fakeStorage();
  storage.values.set(storageKey('recipe-format'), 'v1');
  const choices = createGroupChoices(storage.slotFor);
  assert.deepEqual(storage.created, [], 'no storage touched before the first use (the server)');
  assert.equal(choices.current('recipe-format'), 'v1', 'the stored choice');
  assert.equal(choices.current('shell'), null);

  const seen: string[] = [];
  const stopFirst = choices.subscribe('recipe-format', (value) => seen.push(`first ${value}`));
  choices.subscribe('recipe-format', (value) => seen.push(`second ${value}`));
  choices.subscribe('shell', (value) => seen.push(`shell ${value}`));
  choices.choose('recipe-format', 'meta');
  assert.deepEqual(seen, ['first meta', 'second meta'], 'each once, though the slot reports the write too');
  assert.equal(storage.values.get('docusaurus.tab.recipe-format'), 'meta');
  assert.equal(choices.current('recipe-format'), 'meta');

  stopFirst();
  choices.choose('recipe-format', 'v1');
  assert.deepEqual(seen.slice(2), ['second v1'], 'unsubscribed tabs hear nothing');
  assert.deepEqual(storage.created, ['recipe-format', 'shell'], 'one slot a group');
});

test('a choice stored by another window reaches the tabs and becomes the group’s choice', () => {
  const storage = fakeStorage();
  const choices = createGroupChoices(storage.slotFor);
  const seen: string[] = [];
  choices.subscribe('recipe-format', (value) => seen.push(value));
  choices.choose('recipe-format', 'meta');
  storage.writeElsewhere('recipe-format', 'v1');
  assert.deepEqual(seen, ['meta', 'v1']);
  assert.equal(choices.current('recipe-format'), 'v1');
});

test('where storage is refused, a choice still reaches the other tabs of the page', () => {
  const refused: ChoiceSlot = {get: () => null, set: () => {}, listen: () => () => {}};
  const choices = createGroupChoices(() => refused);
  const seen: string[] = [];
  choices.subscribe('recipe-format', (value) => seen.push(value));
  assert.equal(choices.current('recipe-format'), null);
  choices.choose('recipe-format', 'v1');
  assert.deepEqual(seen, ['v1']);
  assert.equal(choices.current('recipe-format'), 'v1', 'tabs mounted later on the page follow it too');
});
