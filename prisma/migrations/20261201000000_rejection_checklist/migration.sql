-- Issue 27 point 3: the marks an approver sets on the regions of a rejection carried over to the
-- next version, one row per region of the version checked.
CREATE TABLE "hub"."rejection_check" (
    "asset_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "region" INTEGER NOT NULL,
    "drawn_on" INTEGER NOT NULL,
    "mark" TEXT NOT NULL,
    "marked_by" TEXT NOT NULL,
    "marked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rejection_check_pkey" PRIMARY KEY ("asset_id","version","region"),
    CONSTRAINT "rejection_check_mark_check" CHECK ("mark" IN ('fixed', 'notFixed', 'na')),
    CONSTRAINT "rejection_check_order_check" CHECK ("drawn_on" < "version" AND "region" >= 1)
);
