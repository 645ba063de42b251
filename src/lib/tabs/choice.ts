/**
 * The decisions behind the site's tabs (src/components/Tabs): which tab a set of tabs shows first,
 * whether a stored choice fits it, where the arrow keys move the focus, and the page's record of
 * each group's choice. Pure: the storage is passed in. Unit-tested in tests/unit/tabs.test.ts.
 */

/** What the tabs need from one of their items (`<TabItem value label default>`). */
export interface TabOption {
  value: string;
  label?: string;
  default?: boolean;
}

/** The storage key of a group's choice: the classic theme's, so readers' earlier choices still apply. */
export function storageKey(groupId: string): string {
  return `docusaurus.tab.${groupId}`;
}

/**
 * The options of one set of tabs, checked: at least one, each with a non-empty string value, no
 * value twice. A mistake in the content stops the build (the server render throws).
 */
export function checkedOptions(options: readonly Partial<TabOption>[]): TabOption[] {
  if (options.length === 0) throw new Error('<Tabs> needs at least one <TabItem>.');
  const seen = new Set<string>();
  return options.map((option, index) => {
    const {value} = option;
    if (typeof value !== 'string' || value === '') {
      throw new Error(`<Tabs>: child ${index + 1} is not a <TabItem> with a \`value\`.`);
    }
    if (seen.has(value)) throw new Error(`<Tabs>: two <TabItem>s have the value "${value}".`);
    seen.add(value);
    return {value, label: option.label, default: option.default};
  });
}

/**
 * The tab shown on the server and in the browser's first render: `defaultValue` when given (it
 * must be one of the values), else the item marked `default`, else the first.
 */
export function initialValue(options: readonly TabOption[], defaultValue?: string): string {
  if (defaultValue !== undefined) {
    if (!options.some((option) => option.value === defaultValue)) {
      const values = options.map((option) => option.value).join(', ');
      throw new Error(`<Tabs defaultValue="${defaultValue}">: no <TabItem> has that value (values: ${values}).`);
    }
    return defaultValue;
  }
  return (options.find((option) => option.default) ?? options[0]).value;
}

/** A stored or shared choice if these tabs have it, else null (a group's tabs may differ). */
export function validChoice(choice: string | null | undefined, values: readonly string[]): string | null {
  return typeof choice === 'string' && values.includes(choice) ? choice : null;
}

/**
 * The tab a key moves the focus to in a row of `count` tabs, from the one at `current`: the arrows
 * step and wrap around, Home and End jump to the ends. null: the key is not the tab list's.
 */
export function focusTarget(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/** A group's stored choice: the shape of `createStorageSlot()` of `@docusaurus/theme-common` that is used. */
export interface ChoiceSlot {
  get(): string | null;
  set(value: string): void;
  /** Calls back when the stored value changes; returns the function that stops it. */
  listen(onChange: (event: {newValue: string | null}) => void): () => void;
}

export interface GroupChoices {
  /** The group's choice: the one made on this page, else the stored one, else null. */
  current(groupId: string): string | null;
  /** Records a choice, stores it and tells every listener of the group. */
  choose(groupId: string, value: string): void;
  /** Calls back with each later choice of the group (here or in another window); returns the stop. */
  subscribe(groupId: string, listener: (value: string) => void): () => void;
}

/**
 * The page's record of each group's choice. A choice reaches the other tabs of its group through
 * this record, so they follow it even where storage is refused (a private window, an iframe), when
 * the slot keeps nothing; a change stored by another window reaches them through the slot. Slots
 * are created on first use only, so creating the record on the server touches no storage.
 */
export function createGroupChoices(slotFor: (groupId: string) => ChoiceSlot): GroupChoices {
  interface Group {
    slot: ChoiceSlot;
    chosen: string | null;
    listeners: Set<(value: string) => void>;
  }
  const groups = new Map<string, Group>();
  const notify = (group: Group, value: string) => {
    for (const listener of [...group.listeners]) listener(value);
  };
  const groupOf = (groupId: string): Group => {
    const known = groups.get(groupId);
    if (known) return known;
    const group: Group = {slot: slotFor(groupId), chosen: null, listeners: new Set()};
    groups.set(groupId, group);
    // The slot also reports this page's own writes; choose() has told the listeners already.
    group.slot.listen(({newValue}) => {
      if (newValue === null || newValue === group.chosen) return;
      group.chosen = newValue;
      notify(group, newValue);
    });
    return group;
  };
  return {
    current: (groupId) => {
      const group = groupOf(groupId);
      return group.chosen ?? group.slot.get();
    },
    choose: (groupId, value) => {
      const group = groupOf(groupId);
      group.chosen = value;
      group.slot.set(value);
      notify(group, value);
    },
    subscribe: (groupId, listener) => {
      const group = groupOf(groupId);
      group.listeners.add(listener);
      return () => {
        group.listeners.delete(listener);
      };
    },
  };
}
