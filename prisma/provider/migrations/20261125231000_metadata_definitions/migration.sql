-- imetadatadefinition/list (issue 13): the definitions the enrichment wizard offers and the hub
-- checks values against (type, mandatory constraint, enum options).
CREATE TABLE "provider"."metadata_definition" (
    "id" UUID NOT NULL,
    "classification_id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "names" JSONB NOT NULL,
    "metadata_type" TEXT NOT NULL,
    "mandatory" BOOLEAN NOT NULL DEFAULT false,
    "options" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "metadata_definition_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "metadata_definition_classification_id_key_key" ON "provider"."metadata_definition"("classification_id", "key");
