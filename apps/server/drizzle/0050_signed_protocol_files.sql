ALTER TABLE "files" ADD COLUMN "signed_protocol" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "files" f SET "signed_protocol" = true
FROM "service_protocols" p
WHERE f."service_id" = p."service_id" AND p."signed_at" IS NOT NULL
  AND f."content_type" = 'application/pdf'
  AND (f."id" = p."file_id" OR f."description" = 'Protokół podpisany w aplikacji' OR f."description" LIKE 'Korekta protokołu z %');
