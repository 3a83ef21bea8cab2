-- "My jobs" (issue 27): when the running attempt started (the ETA's base), a cancel asked of a
-- running job (it stops between assets), and the job whose failed items a retry runs again.
ALTER TABLE "hub"."job_record" ADD COLUMN "started_at" TIMESTAMPTZ(3),
ADD COLUMN "cancel_requested_at" TIMESTAMPTZ(3),
ADD COLUMN "retry_of" TEXT;

CREATE INDEX "job_record_retry_of_idx" ON "hub"."job_record"("retry_of");
