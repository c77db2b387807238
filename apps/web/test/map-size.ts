import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom lays nothing out: every element of the calling file's tests measures `width`×`height` px,
 * or a Leaflet map there would have no size and show nothing.
 */
export function giveElementsASize(width = 800, height = 600) {
  let spies: { mockRestore: () => void }[] = [];
  beforeEach(() => {
    spies = [
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width),
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height),
    ];
  });
  afterEach(() => spies.forEach((spy) => spy.mockRestore()));
}
