-- Issue 27: a version's fingerprint is kept before it is judged, so two copies uploaded at once
-- find each other; the pre-flight report keeps only its verdict and reasons.
CREATE TABLE "hub"."content_fingerprint" (
    "content_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "dhash" TEXT,
    "dhash_0" INTEGER,
    "dhash_1" INTEGER,
    "dhash_2" INTEGER,
    "dhash_3" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_fingerprint_pkey" PRIMARY KEY ("content_id","version")
);

INSERT INTO "hub"."content_fingerprint"
    ("content_id", "version", "sha256", "dhash", "dhash_0", "dhash_1", "dhash_2", "dhash_3", "created_at")
SELECT "content_id", "version", "sha256", "dhash", "dhash_0", "dhash_1", "dhash_2", "dhash_3", "checked_at"
FROM "hub"."preflight_report";

CREATE INDEX "content_fingerprint_sha256_idx" ON "hub"."content_fingerprint"("sha256");
CREATE INDEX "content_fingerprint_dhash_0_idx" ON "hub"."content_fingerprint"("dhash_0");
CREATE INDEX "content_fingerprint_dhash_1_idx" ON "hub"."content_fingerprint"("dhash_1");
CREATE INDEX "content_fingerprint_dhash_2_idx" ON "hub"."content_fingerprint"("dhash_2");
CREATE INDEX "content_fingerprint_dhash_3_idx" ON "hub"."content_fingerprint"("dhash_3");

DROP INDEX "hub"."preflight_report_sha256_idx";
DROP INDEX "hub"."preflight_report_dhash_0_idx";
DROP INDEX "hub"."preflight_report_dhash_1_idx";
DROP INDEX "hub"."preflight_report_dhash_2_idx";
DROP INDEX "hub"."preflight_report_dhash_3_idx";
ALTER TABLE "hub"."preflight_report"
    DROP COLUMN "sha256",
    DROP COLUMN "dhash",
    DROP COLUMN "dhash_0",
    DROP COLUMN "dhash_1",
    DROP COLUMN "dhash_2",
    DROP COLUMN "dhash_3";
