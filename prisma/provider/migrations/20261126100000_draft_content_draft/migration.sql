-- content/saveDraft and getDraft (issue 13 item 6, SPEC §7 "content draft save"): a user's
-- unfinished work on a content, one per content and user, gone with either.
CREATE TABLE "provider"."content_draft" (
    "content_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "draft" JSONB NOT NULL,
    "saved_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "content_draft_pkey" PRIMARY KEY ("content_id","user_id")
);

CREATE INDEX "content_draft_user_id_idx" ON "provider"."content_draft"("user_id");

ALTER TABLE "provider"."content_draft" ADD CONSTRAINT "content_draft_content_id_fkey" FOREIGN KEY ("content_id") REFERENCES "provider"."content"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "provider"."content_draft" ADD CONSTRAINT "content_draft_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "provider"."user"("id") ON DELETE CASCADE ON UPDATE CASCADE;
