-- Files get a readable, unique download name (the API's `filename`); existing rows take their
-- original name, and a repeated one gets " (id)" before its extension.
ALTER TABLE "files" ADD COLUMN "download_name" varchar(255);--> statement-breakpoint
UPDATE "files" AS f
SET "download_name" = CASE
    WHEN n.rn = 1 THEN n.filename
    ELSE left(n.stem, 230) || ' (' || n.id || ')' || n.ext
  END
FROM (
  SELECT
    id,
    filename,
    row_number() OVER (PARTITION BY filename ORDER BY id) AS rn,
    coalesce(substring(filename FROM '\.[A-Za-z0-9]{1,10}$'), '') AS ext,
    left(filename, length(filename) - length(coalesce(substring(filename FROM '\.[A-Za-z0-9]{1,10}$'), ''))) AS stem
  FROM "files"
) AS n
WHERE f.id = n.id;--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "download_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_downloadName_unique" UNIQUE("download_name");
