const UNITS = ['B', 'KB', 'MB', 'GB'];

/**
 * "1,5 MB": sizes in Polish notation, binary units as file managers show them. `roundingMode:
 * 'floor'` for a part of a whole (an upload's bytes sent), which must not read as the whole.
 */
export function formatFileSize(bytes: number, roundingMode: 'halfExpand' | 'floor' = 'halfExpand'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: digits, roundingMode }).format(
    value,
  );
  return `${number} ${UNITS[unit]}`;
}
