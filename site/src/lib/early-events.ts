/**
 * On a prerendered page the controls are there before their code: a script in the page's head
 * (index.html) holds a click or a form submission aimed at a control React has not taken over
 * yet (no fiber on the element), instead of letting it do nothing. Once hydration has started
 * this replays each as soon as its control is live (a below-the-fold part gets its code later);
 * what is still not live after a while is dropped.
 */
type Held = [type: string, target: Element];

const GIVE_UP_MS = 15_000;

const live = (el: Element) => Object.keys(el).some((k) => k.startsWith('__reactFiber'));

export function replayEarlyEvents() {
  const held = (window as unknown as { __early?: Held[] }).__early;
  if (!held) return;
  const since = new Map<Held, number>();
  const tick = () => {
    const now = Date.now();
    for (const entry of [...held]) {
      const [type, el] = entry;
      if (!since.has(entry)) since.set(entry, now);
      const drop = !el.isConnected || now - since.get(entry)! > GIVE_UP_MS;
      const replay = !drop && live(el);
      if (drop || replay) {
        held.splice(held.indexOf(entry), 1);
        since.delete(entry);
      }
      if (!replay) continue;
      if (type === 'submit' && el instanceof HTMLFormElement) el.requestSubmit();
      else if (el instanceof HTMLElement) el.click();
    }
    // Clicks keep being held until the whole page is live (lib/hydrated.ts), not only before the first tick.
    if (held.length || document.documentElement.dataset.hydrated !== 'true') setTimeout(tick, 50);
  };
  // After React's first slice of hydration has bound what it could.
  setTimeout(tick, 0);
}
