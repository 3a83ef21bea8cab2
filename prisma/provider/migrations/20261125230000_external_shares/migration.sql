-- External shares (issue 14): a share, its contents, its links (one per e-mail recipient, URL
-- tokens kept only as SHA-256) and the per-link access log.
CREATE TABLE "provider"."external_share" (
    "id" UUID NOT NULL,
    "owner_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "message" TEXT NOT NULL DEFAULT '',
    "disclaimer" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL,
    "content_download" BOOLEAN NOT NULL,
    "password_hash" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "failure" TEXT,
    "request_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "expired_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "external_share_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "provider"."external_share_content" (
    "share_id" UUID NOT NULL,
    "content_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "external_share_content_pkey" PRIMARY KEY ("share_id","content_id")
);

CREATE TABLE "provider"."external_share_recipient" (
    "id" UUID NOT NULL,
    "share_id" UUID NOT NULL,
    "email" TEXT,
    "token_sha256" TEXT NOT NULL,
    "token_nonce" TEXT NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "external_share_recipient_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "provider"."external_share_event" (
    "id" BIGSERIAL NOT NULL,
    "recipient_id" UUID NOT NULL,
    "event" TEXT NOT NULL,
    "content_id" UUID,
    "ip_prefix" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "external_share_event_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "external_share_owner_id_request_key_key" ON "provider"."external_share"("owner_id", "request_key");
CREATE INDEX "external_share_owner_id_created_at_idx" ON "provider"."external_share"("owner_id", "created_at");
CREATE INDEX "external_share_expires_at_idx" ON "provider"."external_share"("expires_at");
CREATE UNIQUE INDEX "external_share_recipient_token_sha256_key" ON "provider"."external_share_recipient"("token_sha256");
CREATE INDEX "external_share_recipient_share_id_idx" ON "provider"."external_share_recipient"("share_id");
CREATE INDEX "external_share_event_recipient_id_at_idx" ON "provider"."external_share_event"("recipient_id", "at");

ALTER TABLE "provider"."external_share_content" ADD CONSTRAINT "external_share_content_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "provider"."external_share"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "provider"."external_share_recipient" ADD CONSTRAINT "external_share_recipient_share_id_fkey" FOREIGN KEY ("share_id") REFERENCES "provider"."external_share"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "provider"."external_share_event" ADD CONSTRAINT "external_share_event_recipient_id_fkey" FOREIGN KEY ("recipient_id") REFERENCES "provider"."external_share_recipient"("id") ON DELETE CASCADE ON UPDATE CASCADE;
