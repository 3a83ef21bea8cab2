-- One audit row per asset per job and action (workflow jobs retry and resume after a crash).
CREATE UNIQUE INDEX "audit_record_job_id_asset_id_action_key" ON "hub"."audit_record"("job_id", "asset_id", "action");
