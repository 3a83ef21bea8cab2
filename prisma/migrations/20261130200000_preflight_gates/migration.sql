-- Issue 27: whether a pre-flight's verdict decided where the version went (a delivery, a rejected
-- delivery's new version); an upload outside the workflow is only advised. Reports kept so far
-- stay gating, as they were shown.
ALTER TABLE "hub"."preflight_report" ADD COLUMN "gates" BOOLEAN NOT NULL DEFAULT true;
