-- SPEC §3 "Tag: … sub-tags" (research §4.1 parentId): a tag may sit under another of its
-- classification; removing a tag removes its sub-tags.
ALTER TABLE "provider"."tag_definition" ADD COLUMN "parent_id" UUID;

-- CreateIndex
CREATE INDEX "tag_definition_parent_id_idx" ON "provider"."tag_definition"("parent_id");

-- AddForeignKey
ALTER TABLE "provider"."tag_definition" ADD CONSTRAINT "tag_definition_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "provider"."tag_definition"("id") ON DELETE CASCADE ON UPDATE CASCADE;
