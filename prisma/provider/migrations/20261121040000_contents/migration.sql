-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA "public";

-- AlterTable
ALTER TABLE "provider"."category" ADD COLUMN     "origin_id" UUID;

-- CreateTable
CREATE TABLE "provider"."content" (
    "id" UUID NOT NULL,
    "content_type" TEXT NOT NULL,
    "source_extension" TEXT NOT NULL,
    "owner_username" TEXT NOT NULL,
    "owner_full_name" TEXT NOT NULL DEFAULT '',
    "owner_type" TEXT NOT NULL DEFAULT 'USER',
    "state" TEXT NOT NULL DEFAULT 'PROCESSING',
    "version" INTEGER NOT NULL DEFAULT 1,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "trashed_at" TIMESTAMPTZ(3),

    CONSTRAINT "content_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider"."content_locale" (
    "content_id" UUID NOT NULL,
    "locale" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "content_locale_pkey" PRIMARY KEY ("content_id","locale")
);

-- CreateTable
CREATE TABLE "provider"."content_category" (
    "category_id" UUID NOT NULL,
    "content_id" UUID NOT NULL,
    "linked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_category_pkey" PRIMARY KEY ("category_id","content_id")
);

-- CreateTable
CREATE TABLE "provider"."content_source" (
    "id" UUID NOT NULL,
    "content_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "blob_key" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "sha256" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "duration_ms" INTEGER,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider"."derivative" (
    "content_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "blob_key" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "size" BIGINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "derivative_pkey" PRIMARY KEY ("content_id","version","kind")
);

-- CreateTable
CREATE TABLE "provider"."content_metadata" (
    "id" BIGSERIAL NOT NULL,
    "content_id" UUID NOT NULL,
    "classification_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "value_num" DOUBLE PRECISION,
    "lang" TEXT,

    CONSTRAINT "content_metadata_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider"."tag_definition" (
    "id" UUID NOT NULL,
    "classification_id" TEXT NOT NULL,
    "pretty_id" TEXT,
    "names" JSONB NOT NULL,
    "search_text" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tag_definition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "provider"."content_tag" (
    "content_id" UUID NOT NULL,
    "tag_id" UUID NOT NULL,
    "classification_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_tag_pkey" PRIMARY KEY ("content_id","tag_id")
);

-- CreateTable
CREATE TABLE "provider"."archive" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "content_ids" TEXT[],
    "options" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "archive_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_created_at_idx" ON "provider"."content"("created_at");

-- CreateIndex
CREATE INDEX "content_updated_at_idx" ON "provider"."content"("updated_at");

-- CreateIndex
CREATE INDEX "content_content_type_created_at_idx" ON "provider"."content"("content_type", "created_at");

-- CreateIndex
CREATE INDEX "content_source_extension_created_at_idx" ON "provider"."content"("source_extension", "created_at");

-- CreateIndex
CREATE INDEX "content_locale_locale_name_idx" ON "provider"."content_locale"("locale", "name");

-- CreateIndex
CREATE INDEX "content_locale_name_trgm_idx" ON "provider"."content_locale" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "content_category_content_id_idx" ON "provider"."content_category"("content_id");

-- CreateIndex
CREATE INDEX "content_source_sha256_idx" ON "provider"."content_source"("sha256");

-- CreateIndex
CREATE UNIQUE INDEX "content_source_content_id_version_key" ON "provider"."content_source"("content_id", "version");

-- CreateIndex
CREATE INDEX "content_metadata_content_id_key_idx" ON "provider"."content_metadata"("content_id", "key");

-- CreateIndex
CREATE INDEX "content_metadata_key_value_idx" ON "provider"."content_metadata"("key", "value");

-- CreateIndex
CREATE INDEX "content_metadata_key_value_num_idx" ON "provider"."content_metadata"("key", "value_num");

-- CreateIndex
CREATE UNIQUE INDEX "tag_definition_pretty_id_key" ON "provider"."tag_definition"("pretty_id");

-- CreateIndex
CREATE INDEX "tag_definition_classification_id_idx" ON "provider"."tag_definition"("classification_id");

-- CreateIndex
CREATE INDEX "tag_definition_search_trgm_idx" ON "provider"."tag_definition" USING GIN ("search_text" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "content_tag_tag_id_idx" ON "provider"."content_tag"("tag_id");

-- CreateIndex
CREATE INDEX "archive_expires_at_idx" ON "provider"."archive"("expires_at");

-- AddForeignKey
ALTER TABLE "provider"."content_locale" ADD CONSTRAINT "content_locale_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."content_category" ADD CONSTRAINT "content_category_category_id_fkey" FOREIGN KEY ("category_id") REFERENCES "provider"."category"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."content_category" ADD CONSTRAINT "content_category_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."content_source" ADD CONSTRAINT "content_source_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."derivative" ADD CONSTRAINT "derivative_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."content_metadata" ADD CONSTRAINT "content_metadata_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."content_tag" ADD CONSTRAINT "content_tag_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "provider"."content_tag" ADD CONSTRAINT "content_tag_tag_id_fkey" FOREIGN KEY ("tag_id") REFERENCES "provider"."tag_definition"("id") ON DELETE CASCADE ON UPDATE CASCADE;
