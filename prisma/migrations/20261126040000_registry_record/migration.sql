-- SPEC §3 registry records of the content service (GET /api/registry/:id, publish, unpublish).
CREATE TABLE "hub"."registry_record" (
    "id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "registry_type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "sf_id" TEXT NOT NULL,
    "group_id" TEXT NOT NULL,
    "ancestors" TEXT[],
    "current_category_id" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3),
    "published_by" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "registry_record_pkey" PRIMARY KEY ("id")
);
