-- The admin dashboard's failure rate counts the jobs finished in the last hour.
CREATE INDEX "job_record_finished_at_idx" ON "hub"."job_record"("finished_at");
