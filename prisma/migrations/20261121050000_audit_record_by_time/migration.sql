-- The audit log search pages newest first by time; a search by dates alone needs this index.
CREATE INDEX "audit_record_at_id_idx" ON "hub"."audit_record"("at", "id");
