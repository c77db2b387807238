import { useEffect, type RefObject } from 'react';

const VARIABLE = '--screen-bottom-bar';

/**
 * A screen's bar kept in view at the bottom (position: sticky) gives its height to the page's
 * scroll padding (app/field-focus.css), so that a field reached with Tab, or scrolled to, stops
 * above the bar instead of under it. `kept` false (the bar scrolls with the page) gives none.
 */
export function useBottomBarHeight(bar: RefObject<HTMLElement | null>, kept: boolean) {
  useEffect(() => {
    const element = bar.current;
    if (!kept || !element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(VARIABLE, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // A tall field (a text area) reached while partly shown above the bar counts as in view for the
    // browser, which brings only its caret's line out: the whole field comes out from under the bar.
    const uncover = (event: FocusEvent) => {
      const field = event.target;
      if (!(field instanceof HTMLElement) || element.contains(field)) return;
      const box = field.getBoundingClientRect();
      if (box.bottom > element.getBoundingClientRect().top) field.scrollIntoView({ block: 'nearest' });
    };
    document.addEventListener('focusin', uncover);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', uncover);
      root.style.removeProperty(VARIABLE);
    };
  }, [bar, kept]);
}
