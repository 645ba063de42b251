import React, {
  Children,
  createContext,
  isValidElement,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import {createStorageSlot, ThemeClassNames} from '@docusaurus/theme-common';
import {
  checkedOptions,
  createGroupChoices,
  focusTarget,
  initialValue,
  storageKey,
  validChoice,
  type TabOption,
} from '@site/src/lib/tabs/choice';
import styles from './styles.module.css';

export interface Props {
  /** `<TabItem>` elements, one per tab. */
  children: ReactNode;
  /**
   * Tabs of one group show the same choice: choosing a tab switches the others on the page, and
   * the choice is stored for later visits (under the classic theme's key).
   */
  groupId?: string;
  /** The tab shown first; else the `<TabItem default>`, else the first. */
  defaultValue?: string;
  /** Classes of the tab list. */
  className?: string;
}

/** What a `<TabItem>` reads from its tabs. */
interface TabsState {
  selected: string;
  values: string[];
  /** The prefix of the tabs' and panels' element ids. */
  idBase: string;
}

const TabsContext = createContext<TabsState | null>(null);

const tabId = (idBase: string, index: number) => `${idBase}tab-${index}`;
const panelId = (idBase: string, index: number) => `${idBase}panel-${index}`;

/** Every group's choice on this page; each group's slot is created when a Tabs first reads it. */
const groupChoices = createGroupChoices((groupId) => createStorageSlot(storageKey(groupId)));

/** The `<TabItem>` elements among the children; MDX may put line breaks between them. */
function items(children: ReactNode): ReactElement<Partial<TabOption>>[] {
  const found: ReactElement<Partial<TabOption>>[] = [];
  for (const child of Children.toArray(children)) {
    if (isValidElement<Partial<TabOption>>(child)) found.push(child);
    else if (typeof child !== 'string' || child.trim() !== '') {
      throw new Error(`<Tabs>: "${String(child).trim().slice(0, 40)}" is outside a <TabItem>.`);
    }
  }
  return found;
}

/**
 * The site's tabs, in the classic theme's markup and classes (Infima styles `.tabs`).
 *
 * The server and the browser's first render show the default tab, so hydration matches; then a
 * layout effect, before the first paint, switches to the group's stored choice. The content is
 * rendered once: nothing is keyed on `useIsBrowser()` or created again after hydration (the
 * classic theme's Tabs keys its content on it and renders it twice). tests/e2e/content.test.ts
 * checks that no code line in tabs is re-created and that a stored choice applies;
 * tests/e2e/tabs.test.ts checks the keyboard, the group and the stored choice.
 */
export default function Tabs({children, groupId, defaultValue, className}: Props): ReactNode {
  const elements = items(children);
  const options = checkedOptions(elements.map((element) => element.props));
  const values = options.map((option) => option.value);
  const [chosen, setChosen] = useState(() => initialValue(options, defaultValue));
  // A choice these tabs no longer have (their items changed) falls back to the default.
  const selected = validChoice(chosen, values) ?? initialValue(options, defaultValue);
  const idBase = useId();
  const tabs = useRef<(HTMLLIElement | null)[]>([]);
  /** The chosen tab and where it was on screen before the choice, to keep it there after. */
  const anchor = useRef<{tab: HTMLElement; top: number} | null>(null);

  // The values as one string, so that the effects and the state below change only with them.
  const valuesKey = JSON.stringify(values);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the same values while their key is the same
  const stableValues = useMemo(() => values, [valuesKey]);
  useLayoutEffect(() => {
    if (!groupId) return;
    const follow = (choice: string | null) => {
      const valid = validChoice(choice, stableValues);
      if (valid !== null) setChosen(valid);
    };
    follow(groupChoices.current(groupId));
    return groupChoices.subscribe(groupId, follow);
  }, [groupId, stableValues]);

  // Showing another tab can change the height of tabs above (those of the same group): scroll by
  // as much as the chosen tab moved, so it stays under the pointer.
  useLayoutEffect(() => {
    const kept = anchor.current;
    anchor.current = null;
    if (!kept) return;
    const moved = kept.tab.getBoundingClientRect().top - kept.top;
    if (moved !== 0) window.scrollBy({top: moved, behavior: 'instant'});
  }, [selected]);

  const select = (tab: HTMLElement, value: string) => {
    if (value === selected) return;
    anchor.current = {tab, top: tab.getBoundingClientRect().top};
    setChosen(value);
    if (groupId) groupChoices.choose(groupId, value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      select(event.currentTarget, values[index]);
      return;
    }
    const target = focusTarget(event.key, index, values.length);
    if (target === null) return;
    event.preventDefault();
    tabs.current[target]?.focus();
  };

  const state = useMemo<TabsState>(() => ({selected, values: stableValues, idBase}), [selected, stableValues, idBase]);

  return (
    <div className={clsx(ThemeClassNames.tabs.container, 'tabs-container', styles.container)}>
      <ul role="tablist" aria-orientation="horizontal" className={clsx('tabs', className)}>
        {options.map((option, index) => {
          const active = option.value === selected;
          return (
            <li
              key={option.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              role="tab"
              id={tabId(idBase, index)}
              aria-controls={panelId(idBase, index)}
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              className={clsx('tabs__item', styles.tab, active && 'tabs__item--active')}
              onClick={(event) => select(event.currentTarget, option.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {option.label ?? option.value}
            </li>
          );
        })}
      </ul>
      <div className="margin-top--md">
        <TabsContext.Provider value={state}>{elements}</TabsContext.Provider>
      </div>
    </div>
  );
}

/** The state of the tabs around a `<TabItem>`; throws outside `<Tabs>`. */
export function useTabsState(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('<TabItem> must be a child of <Tabs>.');
  return state;
}

/** The element ids of the tab and panel of `value`. */
export function tabIds(state: TabsState, value: string): {tab: string; panel: string} {
  const index = state.values.indexOf(value);
  return {tab: tabId(state.idBase, index), panel: panelId(state.idBase, index)};
}
