/** Extensions the app previews (spec §9); everything else is offered as a download. */
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'bmp', 'png', 'gif'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mkv'] as const;
export const PDF_EXTENSIONS = ['pdf'] as const;

export type FileKind = 'pdf' | 'image' | 'video' | 'other';

/** Lower-case extension without the dot, '' when the name has none ("README", ".bashrc"). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

/** How a file is shown: decided by its extension, case-insensitively. */
export function fileKind(name: string): FileKind {
  const ext = fileExtension(name);
  if ((PDF_EXTENSIONS as readonly string[]).includes(ext)) return 'pdf';
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return 'image';
  if ((VIDEO_EXTENSIONS as readonly string[]).includes(ext)) return 'video';
  return 'other';
}

/** The name without its extension: the default description of a parameter file (spec §5). */
export function fileBaseName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  mkv: 'video/x-matroska',
};

/**
 * The Content-Type the server stores and sends for a previewable file, chosen by extension so
 * that a file can never be shown inline as something else than its name says. Undefined for
 * the rest (kept as sent by the browser, and always downloaded).
 */
export function previewContentType(name: string): string | undefined {
  return CONTENT_TYPES[fileExtension(name)];
}
