import { z } from 'zod';
import { MSG, validationMessage } from '../messages.js';
import { FILE_TYPES } from '../reference-data.js';
import { fileKind } from '../rules/file-kinds.js';
import { givenText, id, ref, text } from './common.js';

/** Machine file types (spec §9) plus the attachments of service events. */
export const STORED_FILE_TYPES = [...FILE_TYPES, 'SERVICE_FILE'] as const;
export type StoredFileType = (typeof STORED_FILE_TYPES)[number];

export const FILE_NAME_MAX = 255;
/** The width of a picture's small copy (`downloadFile?width=`): twice a nameplate card's 240 px. */
export const THUMBNAIL_WIDTH = 480;
export const FILE_DESCRIPTION_MAX = 2000;

/**
 * Names the storage generates: a UUID and an optional short extension. Anything else (a path,
 * "..", a separator) is refused before the storage is asked.
 */
export const STORAGE_NAME_PATTERN =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]{1,10})?$/;

/** 413 answer of an upload over the limit, e.g. "Plik jest za duży (maks. 200 MB)." */
export function fileTooLargeMessage(maxMb: number): string {
  const mb = new Intl.NumberFormat('pl-PL', { maximumFractionDigits: 3 }).format(maxMb);
  return `Plik jest za duży (maks. ${mb} MB).`;
}

/** What a dialog shows while a file goes to the server (sizes already written out, "4,5 MB"). */
export const UPLOAD_MSG = {
  progressLabel: 'Postęp wysyłania pliku',
  sent: (percent: number, sent: string, total: string) => `Wysłano ${sent} z ${total} (${percent}%)`,
  /** The last byte is sent; the server still stores the file (and answers once it has it). */
  storing: 'Plik wysłany, serwer go zapisuje…',
} as const;

/** The preview of a picture the browser cannot draw (a PDF named .jpg, a broken photo). */
export const PREVIEW_MSG = {
  unreadablePicture:
    'Tego pliku nie da się wyświetlić jako obrazu: może być uszkodzony albo być innym plikiem z rozszerzeniem obrazu.',
  download: 'Pobierz plik',
} as const;

export const fileTypeSchema = z.enum(FILE_TYPES, { error: MSG.fileTypeInvalid });

export const fileListParams = z.object({ deviceId: id, type: fileTypeSchema });

/** Columns a machine's file list may sort by (`sort=<field>,asc|desc`); default newest first. */
export const fileSortFields = ['id', 'filename', 'description', 'contentType', 'size', 'createdAt'] as const;
export type FileSortField = (typeof fileSortFields)[number];

/**
 * The `fileJson` part of `POST /api/file/add`. The machine comes as `device: {id}` (spec) or
 * `deviceId`; the result always carries `deviceId`.
 */
export const fileJsonSchema = z
  .object({
    device: ref.nullish(),
    deviceId: id.nullish(),
    type: fileTypeSchema,
    filename: text(FILE_NAME_MAX),
    description: text(FILE_DESCRIPTION_MAX),
  })
  .refine((v) => v.device || v.deviceId, { message: MSG.fileMachineRequired, path: ['device'] })
  .transform(({ device, deviceId, ...rest }) => ({ ...rest, deviceId: (deviceId ?? device?.id) as number }));
export type FileJson = z.infer<typeof fileJsonSchema>;

/** A file part of a multipart upload; shown in the OpenAPI document as `string`, `binary`. */
export const uploadFilePart = z.file();

/**
 * The parts of `POST /api/file/add`, for the OpenAPI document only: the server reads the parts
 * as a stream and validates `fileJson` with fileJsonSchema itself.
 */
export const fileAddPartsSchema = z.object({
  file: uploadFilePart.describe('Plik (jedna część).'),
  fileJson: fileJsonSchema.describe(
    'JSON jako pole tekstowe lub część application/json; przed albo po części `file`.',
  ),
});

export const fileDescriptionUpdateSchema = z.object({ id, description: givenText(FILE_DESCRIPTION_MAX) });

export const downloadFileQuery = z.object({
  /** A file's `filename` (its unique download name); a stored name of older clients still works. */
  fileName: z
    .string({ error: MSG.fileNameInvalid })
    .min(1, MSG.fileNameInvalid)
    .max(255, MSG.fileNameInvalid)
    .refine((name) => ![...name].some((c) => c.charCodeAt(0) < 32), MSG.fileNameInvalid),
  /** A picture's small copy, THUMBNAIL_WIDTH wide at most; any other file comes whole. */
  width: z.literal(String(THUMBNAIL_WIDTH), { error: MSG.thumbnailWidthInvalid }).optional(),
});

export const storedFileSchema = z.object({
  id: z.number().int(),
  /** The name to pass to `GET /api/storage/downloadFile?fileName=`: the original one, made unique. */
  filename: z.string(),
  /** The name as uploaded, shown to people and sent back in Content-Disposition. */
  originalName: z.string(),
  description: z.string(),
  type: z.string(),
  device: z.object({ id: z.number().int() }).nullable(),
  service: z.object({ id: z.number().int() }).nullable(),
  contentType: z.string(),
  size: z.number().int(),
  createdAt: z.string(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

const chosenFile = z
  .custom<File>(
    (v) => typeof Blob !== 'undefined' && v instanceof Blob && (v as File).name !== undefined,
    MSG.noFileSelected,
  )
  .refine((f) => f.size > 0, MSG.fileEmpty);

/** The upload modal of machine files and parameters. */
export const fileUploadFormSchema = z.object({
  file: chosenFile,
  description: z.string().max(FILE_DESCRIPTION_MAX, validationMessage.tooLong(FILE_DESCRIPTION_MAX)),
});

/** The nameplate upload modal: a photo is required. */
export const nameplateUploadFormSchema = fileUploadFormSchema.extend({
  file: chosenFile.refine((f) => fileKind(f.name) === 'image', MSG.nameplateImagesOnly),
});
