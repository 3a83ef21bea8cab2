-- A source's CRC-32, measured with its sha256 as it is written, so a ZIP of stored files carries it
-- instead of working it out from every byte again. Sources stored before have none (the ZIP then
-- computes theirs as it streams).
ALTER TABLE "provider"."content_source" ADD COLUMN "crc32" BIGINT;
