/**
 * The theme's back-to-top button, stepping aside while a Markdown table is under it: on a phone
 * the tables span the page's width, and the button hid the text of their last column. It
 * reappears as soon as no table is under its spot. An IntersectionObserver whose root is shrunk
 * to the button's box (src/lib/render/coveredArea.ts) tells when, with no work on scroll.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import BackToTopButton from '@theme-original/BackToTopButton';
import {useLocation} from '@docusaurus/router';
import {rootMarginFor} from '@site/src/lib/render/coveredArea';
import styles from './styles.module.css';

function useOverTable(pathname: string): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const button = document.querySelector<HTMLElement>('.theme-back-to-top-button');
    const tables = document.querySelectorAll('.markdown table');
    setOver(false);
    if (!button || tables.length === 0 || typeof IntersectionObserver === 'undefined') return undefined;
    const under = new Set<Element>();
    let observer: IntersectionObserver | null = null;
    const watch = () => {
      observer?.disconnect();
      under.clear();
      // The button's place whether shown or not (offsets ignore its scale transition).
      const box = {x: button.offsetLeft, y: button.offsetTop, width: button.offsetWidth, height: button.offsetHeight};
      const viewport = {width: document.documentElement.clientWidth, height: window.innerHeight};
      observer = new IntersectionObserver(
        (entries) => {
          for (const entry of entries) {
            if (entry.isIntersecting) under.add(entry.target);
            else under.delete(entry.target);
          }
          setOver(under.size > 0);
        },
        {rootMargin: rootMarginFor(box, viewport)},
      );
      tables.forEach((table) => observer!.observe(table));
    };
    watch();
    window.addEventListener('resize', watch);
    return () => {
      window.removeEventListener('resize', watch);
      observer?.disconnect();
    };
  }, [pathname]);
  return over;
}

export default function BackToTopButtonWrapper(): ReactNode {
  const {pathname} = useLocation();
  const overTable = useOverTable(pathname);
  return (
    <div className={clsx(overTable && styles.stepAside)}>
      <BackToTopButton />
    </div>
  );
}
