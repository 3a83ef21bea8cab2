-- Legal hold (docs/legal-hold.md): an administrator holds an asset, a folder or a department with a
-- reason; while released_at is null nothing deletes what it holds. A release keeps the row.
CREATE TABLE "hub"."legal_hold" (
    "id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "target_id" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "placed_by" TEXT NOT NULL,
    "placed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "released_by" TEXT,
    "released_at" TIMESTAMPTZ(3),

    CONSTRAINT "legal_hold_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "legal_hold_scope_check" CHECK ("scope" IN ('asset', 'folder', 'department')),
    CONSTRAINT "legal_hold_reason_check" CHECK (length(btrim("reason")) > 0),
    CONSTRAINT "legal_hold_release_check" CHECK (("released_by" IS NULL) = ("released_at" IS NULL))
);

-- The guard's one query per batch asks by scope and target.
CREATE INDEX "legal_hold_scope_target_id_idx" ON "hub"."legal_hold"("scope", "target_id");

-- The administrators' list, newest first.
CREATE INDEX "legal_hold_placed_at_idx" ON "hub"."legal_hold"("placed_at");
