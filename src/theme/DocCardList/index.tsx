import React, {type ReactNode} from 'react';
import DocCardList from '@theme-original/DocCardList';
import type DocCardListType from '@theme/DocCardList';
import type {WrapperProps} from '@docusaurus/types';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {useCurrentSidebarSiblings, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import descriptions from '@generated/lean-runtime/doc-descriptions.json';
import {withDescriptions} from '@site/src/lib/docs/cards';

type Props = WrapperProps<typeof DocCardListType>;

/** The theme's card list, each doc's card with the description the docs' shared data no longer carries (src/lib/docs/cards.ts). */
function Cards({items, className}: {items: readonly PropSidebarItem[]; className?: string}): ReactNode {
  const {pluginId} = useDocsVersion();
  return <DocCardList items={withDescriptions(items, descriptions[pluginId])} className={className} />;
}

function CurrentCategoryCards({className}: {className?: string}): ReactNode {
  return <Cards items={useCurrentSidebarSiblings()} className={className} />;
}

export default function DocCardListWrapper({items, className}: Props): ReactNode {
  return items ? <Cards items={items} className={className} /> : <CurrentCategoryCards className={className} />;
}
