-- Issue 27 point 1: pre-flight rules per department and a report per uploaded version.
CREATE TABLE "hub"."preflight_rule_set" (
    "department" TEXT NOT NULL,
    "rules" JSONB NOT NULL,
    "updated_by" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "preflight_rule_set_pkey" PRIMARY KEY ("department")
);

CREATE TABLE "hub"."preflight_report" (
    "content_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "department" TEXT,
    "verdict" TEXT NOT NULL,
    "results" JSONB NOT NULL,
    "sha256" TEXT NOT NULL,
    "dhash" TEXT,
    "dhash_0" INTEGER,
    "dhash_1" INTEGER,
    "dhash_2" INTEGER,
    "dhash_3" INTEGER,
    "checked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "preflight_report_pkey" PRIMARY KEY ("content_id","version")
);

CREATE INDEX "preflight_report_sha256_idx" ON "hub"."preflight_report"("sha256");
CREATE INDEX "preflight_report_dhash_0_idx" ON "hub"."preflight_report"("dhash_0");
CREATE INDEX "preflight_report_dhash_1_idx" ON "hub"."preflight_report"("dhash_1");
CREATE INDEX "preflight_report_dhash_2_idx" ON "hub"."preflight_report"("dhash_2");
CREATE INDEX "preflight_report_dhash_3_idx" ON "hub"."preflight_report"("dhash_3");
