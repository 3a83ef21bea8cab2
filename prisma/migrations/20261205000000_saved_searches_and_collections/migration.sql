-- Saved searches and collections (docs/saved-searches.md). A saved search keeps a listing's query
-- under a name, shared with colleagues or a department and pinned per user; a collection keeps
-- assets across folders by content id: deleting a row here never deletes an asset.
CREATE TABLE "hub"."saved_search" (
    "id" UUID NOT NULL,
    "owner" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "query" JSONB NOT NULL,
    "department" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_search_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "saved_search_name_check" CHECK (length(btrim("name")) > 0)
);

CREATE UNIQUE INDEX "saved_search_owner_name_key" ON "hub"."saved_search"("owner", "name");
CREATE INDEX "saved_search_department_idx" ON "hub"."saved_search"("department");

CREATE TABLE "hub"."saved_search_share" (
    "saved_search_id" UUID NOT NULL,
    "username" TEXT NOT NULL,

    CONSTRAINT "saved_search_share_pkey" PRIMARY KEY ("saved_search_id","username")
);

CREATE INDEX "saved_search_share_username_idx" ON "hub"."saved_search_share"("username");

ALTER TABLE "hub"."saved_search_share" ADD CONSTRAINT "saved_search_share_saved_search_id_fkey" FOREIGN KEY ("saved_search_id") REFERENCES "hub"."saved_search"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A pin names a saved search's id or a built-in's, so it has no foreign key; a delete removes its pins.
CREATE TABLE "hub"."saved_search_pin" (
    "username" TEXT NOT NULL,
    "search_id" TEXT NOT NULL,
    "pinned_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "saved_search_pin_pkey" PRIMARY KEY ("username","search_id")
);

CREATE TABLE "hub"."collection" (
    "id" UUID NOT NULL,
    "owner" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "department" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "collection_name_check" CHECK (length(btrim("name")) > 0)
);

CREATE UNIQUE INDEX "collection_owner_name_key" ON "hub"."collection"("owner", "name");
CREATE INDEX "collection_department_idx" ON "hub"."collection"("department");

CREATE TABLE "hub"."collection_share" (
    "collection_id" UUID NOT NULL,
    "username" TEXT NOT NULL,

    CONSTRAINT "collection_share_pkey" PRIMARY KEY ("collection_id","username")
);

CREATE INDEX "collection_share_username_idx" ON "hub"."collection_share"("username");

ALTER TABLE "hub"."collection_share" ADD CONSTRAINT "collection_share_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "hub"."collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An asset of a collection: the content lives at the provider, so no foreign key to it.
CREATE TABLE "hub"."collection_item" (
    "collection_id" UUID NOT NULL,
    "content_id" UUID NOT NULL,
    "added_by" TEXT NOT NULL,
    "added_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "collection_item_pkey" PRIMARY KEY ("collection_id","content_id")
);

CREATE INDEX "collection_item_added_at_idx" ON "hub"."collection_item"("added_at");

ALTER TABLE "hub"."collection_item" ADD CONSTRAINT "collection_item_collection_id_fkey" FOREIGN KEY ("collection_id") REFERENCES "hub"."collection"("id") ON DELETE CASCADE ON UPDATE CASCADE;
