-- The trigram indexes' pending lists kept short (db/columns.ts, TRIGRAM_PENDING_LIST_KB): a storage
-- parameter, set without rebuilding the index, and what is pending now merged at once.
ALTER INDEX "customers_full_name_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "customers_short_name_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "customers_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "device_values_value_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "devices_serial_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "devices_city_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "devices_zip_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "devices_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "incidents_text_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "inspection_summaries_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "logs_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "services_internal_fault_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "services_external_fault_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
ALTER INDEX "todos_description_search_trgm" SET (gin_pending_list_limit = 256);--> statement-breakpoint
SELECT gin_clean_pending_list('"customers_full_name_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"customers_short_name_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"customers_search_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"device_values_value_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"devices_serial_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"devices_city_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"devices_zip_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"devices_search_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"incidents_text_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"inspection_summaries_search_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"logs_search_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"services_internal_fault_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"services_external_fault_trgm"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"todos_description_search_trgm"'::regclass);
