import { z } from 'zod';
import { MSG } from '../messages.js';
import { FILE_NAME_MAX } from './files.js';

/*
 * Tutorials (spec §7 google-drive/*, domain.md Tutorials): a read-only tree of folders and files
 * from the tutorial source, a local directory or Google Drive. Ids are opaque strings.
 */

/** Where tutorials come from; only a local directory can be written to through the app. */
export const TUTORIAL_SOURCES = ['local', 'google-drive'] as const;
export type TutorialSource = (typeof TUTORIAL_SOURCES)[number];

export const TUTORIAL_FOLDER_NAME_MAX = 100;
/**
 * A local tutorial's id is its "folder/file" path in base64url: the longest names (a folder of 100
 * and a file of 255 characters, up to 4 bytes each in UTF-8) must still fit, or such a file is
 * listed but cannot be opened.
 */
export const TUTORIAL_ID_MAX = Math.ceil(((TUTORIAL_FOLDER_NAME_MAX + 1 + FILE_NAME_MAX) * 4 * 4) / 3);

export const tutorialEntrySchema = z.object({ id: z.string(), name: z.string() });
export type TutorialEntry = z.infer<typeof tutorialEntrySchema>;

/** One folder of `GET /api/google-drive/getTree`, as the spec names it. */
export const tutorialFolderSchema = z.object({
  folder: tutorialEntrySchema,
  googleFiles: z.array(tutorialEntrySchema),
});
export type TutorialFolder = z.infer<typeof tutorialFolderSchema>;

export const tutorialTreeSchema = z.array(tutorialFolderSchema);

/** `refresh=true` (administrators) lists the source again instead of answering the kept tree. */
export const tutorialTreeQuery = z.object({
  refresh: z
    .enum(['true', 'false'], { error: MSG.invalidInput })
    .optional()
    .transform((v) => v === 'true'),
});

const opaqueId = z
  .string({ error: MSG.tutorialIdInvalid })
  .min(1, MSG.tutorialIdInvalid)
  .max(TUTORIAL_ID_MAX, MSG.tutorialIdInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, MSG.tutorialIdInvalid);

export const tutorialDownloadQuery = z.object({ fileId: opaqueId });
export const tutorialUploadQuery = z.object({ folderId: opaqueId });

/** What the screen needs to know about the source: which one, and whether admins may add to it. */
export const tutorialSourceInfoSchema = z.object({
  source: z.enum(TUTORIAL_SOURCES),
  writable: z.boolean(),
});
export type TutorialSourceInfo = z.infer<typeof tutorialSourceInfoSchema>;

/**
 * A folder name that is one plain directory name: no separators, no control characters, not
 * hidden (a leading dot) and not "." or "..".
 */
export const tutorialFolderNameSchema = z
  .string({ error: MSG.tutorialFolderNameInvalid })
  .transform((v) => v.trim())
  .pipe(
    z
      .string()
      .min(1, MSG.tutorialFolderNameInvalid)
      .max(TUTORIAL_FOLDER_NAME_MAX, MSG.tutorialFolderNameInvalid)
      // eslint-disable-next-line no-control-regex -- control characters are what is refused
      .refine((v) => !/[/\\\u0000-\u001f\u007f]/.test(v) && !v.startsWith('.'), {
        message: MSG.tutorialFolderNameInvalid,
      }),
  );

export const tutorialFolderCreateSchema = z.object({ name: tutorialFolderNameSchema });

/** Case-insensitive search over file names across all folders (spec §5). */
export function searchTutorials(tree: TutorialFolder[], query: string) {
  const needle = query.trim().toLocaleLowerCase('pl');
  if (!needle) return [];
  return tree.flatMap(({ folder, googleFiles }) =>
    googleFiles
      .filter((file) => file.name.toLocaleLowerCase('pl').includes(needle))
      .map((file) => ({ folder, file })),
  );
}
