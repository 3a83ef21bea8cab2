-- CreateTable
CREATE TABLE "provider"."category" (
    "id" UUID NOT NULL,
    "pretty_id" TEXT NOT NULL,
    "parent_id" UUID,
    "category_type" TEXT NOT NULL DEFAULT 'PRIVATE',
    "locales" JSONB NOT NULL,
    "is_supplier" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "category_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider"."category_acl" (
    "category_id" UUID NOT NULL,
    "group_id" TEXT NOT NULL,
    "show" BOOLEAN NOT NULL DEFAULT true,
    "manage" BOOLEAN NOT NULL DEFAULT false,
    "share" BOOLEAN NOT NULL DEFAULT false,
    "write" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "category_acl_pkey" PRIMARY KEY ("category_id","group_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "category_pretty_id_key" ON "provider"."category"("pretty_id");

-- CreateIndex
CREATE INDEX "category_parent_id_idx" ON "provider"."category"("parent_id");

-- CreateIndex
CREATE INDEX "category_acl_group_id_idx" ON "provider"."category_acl"("group_id");

-- AddForeignKey
ALTER TABLE "provider"."category" ADD CONSTRAINT "category_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "provider"."category"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."category_acl" ADD CONSTRAINT "category_acl_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "provider"."category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."category_acl" ADD CONSTRAINT "category_acl_group_id_fkey" FOREIGN KEY ("group_id") REFERENCES "provider"."group"("id") ON DELETE CASCADE ON UPDATE CASCADE;
