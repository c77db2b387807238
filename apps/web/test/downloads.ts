import { vi } from 'vitest';

/** The names of the files saved through a link's click; jsdom has no object URLs, a made-up one does. */
export function catchDownloads() {
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { saved, restore: () => click.mockRestore() };
}
