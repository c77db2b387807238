const UNITS = ['B', 'KB', 'MB', 'GB'];

/** "1,5 MB": sizes in Polish notation, binary units as file managers show them. */
export function formatFileSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat('pl-PL', { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
