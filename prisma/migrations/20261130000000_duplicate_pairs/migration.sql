-- Issue 27 point 2: candidate duplicate pairs found by the pre-flight, each decided once.
CREATE TABLE "hub"."duplicate_pair" (
    "a" UUID NOT NULL,
    "b" UUID NOT NULL,
    "match" TEXT NOT NULL,
    "distance" INTEGER NOT NULL,
    "found_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decision" TEXT,
    "kept" UUID,
    "decided_by" TEXT,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "duplicate_pair_pkey" PRIMARY KEY ("a","b")
);

CREATE INDEX "duplicate_pair_b_idx" ON "hub"."duplicate_pair"("b");
CREATE INDEX "duplicate_pair_decision_idx" ON "hub"."duplicate_pair"("decision");
