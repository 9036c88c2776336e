import { useEffect, useState, type RefObject } from 'react';

/** What a floating control must never sit on: anything a visitor can use, and the cards marked to stay clear. */
const PROTECTED = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [data-stay-clear]';

/**
 * True while the floating element would cover a control or a protected card where it rests.
 * The caller moves it out of the way until the spot is clear again, so it never hides a button
 * such as 'Unlock Preview Video'.
 *
 * The browser does the watching: an IntersectionObserver whose root is the viewport cropped to
 * the element's box reports every protected element entering or leaving that spot, as the page
 * scrolls, reflows (web fonts, images, content arriving late) or changes. Nothing is measured
 * per frame, whatever the length of the page (a prerendered page has hundreds of links).
 */
export function useStayClear(ref: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const self = ref.current;
    if (!active || !self) return setBlocked(false);
    let observer: IntersectionObserver | undefined;
    const under = new Set<Element>();
    const watch = (root: ParentNode) => {
      const found = root instanceof Element && root.matches(PROTECTED) ? [root] : [];
      for (const el of [...found, ...root.querySelectorAll(PROTECTED)]) if (!self.contains(el) && !el.contains(self)) observer?.observe(el);
    };
    const start = () => {
      observer?.disconnect();
      under.clear();
      const box = self.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      const height = document.documentElement.clientHeight;
      const rootMargin = `${-Math.max(0, box.top)}px ${-Math.max(0, width - box.right)}px ${-Math.max(0, height - box.bottom)}px ${-Math.max(0, box.left)}px`;
      observer = new IntersectionObserver(
        (entries) => {
          for (const e of entries) {
            // Touching the spot's edge is not covering it.
            if (e.isIntersecting && e.intersectionRect.width > 0 && e.intersectionRect.height > 0) under.add(e.target);
            else under.delete(e.target);
          }
          setBlocked(under.size > 0);
        },
        { rootMargin },
      );
      watch(document);
    };
    start();
    // Controls that arrive later (the workshop card, lazy sections, a dialog) are watched too.
    const added = new MutationObserver((records) => {
      for (const r of records) for (const node of r.addedNodes) if (node instanceof Element) watch(node);
    });
    added.observe(document.body, { childList: true, subtree: true });
    // The spot moves with the window's size.
    window.addEventListener('resize', start);
    return () => {
      observer?.disconnect();
      added.disconnect();
      window.removeEventListener('resize', start);
    };
  }, [ref, active]);
  return blocked;
}
