-- Rights notices (docs/rights-notices.md): each notice is claimed by its unique row before it is
-- sent, so it goes out once whatever the retries; webhook endpoints and their deliveries.
CREATE TABLE "hub"."rights_notice" (
    "id" UUID NOT NULL,
    "asset_id" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "event" TEXT NOT NULL,
    "window_id" TEXT NOT NULL,
    "channel" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "batch" TEXT,
    "job_id" TEXT NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "rights_notice_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "rights_notice_event_check" CHECK ("event" IN ('embargo-started', 'copyright-ended', 'copyright-ending')),
    CONSTRAINT "rights_notice_channel_check" CHECK ("channel" IN ('mail', 'digest', 'webhook'))
);

-- The claim: one notice per asset, recipient, event and window.
CREATE UNIQUE INDEX "rights_notice_asset_id_recipient_event_window_id_key" ON "hub"."rights_notice"("asset_id", "recipient", "event", "window_id");

-- The drain: notices of a channel not sent yet.
CREATE INDEX "rights_notice_channel_sent_at_idx" ON "hub"."rights_notice"("channel", "sent_at");

CREATE TABLE "hub"."webhook_endpoint" (
    "id" UUID NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "department" TEXT,
    "description" TEXT NOT NULL DEFAULT '',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_by" TEXT,
    "deactivated_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "webhook_endpoint_created_at_idx" ON "hub"."webhook_endpoint"("created_at");

CREATE TABLE "hub"."webhook_delivery" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "notice_id" UUID,
    "event" TEXT NOT NULL,
    "asset_id" TEXT,
    "body" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status" INTEGER,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "webhook_delivery_state_check" CHECK ("state" IN ('pending', 'delivered', 'failed'))
);

CREATE UNIQUE INDEX "webhook_delivery_notice_id_key" ON "hub"."webhook_delivery"("notice_id");

-- The panel's last deliveries of an endpoint.
CREATE INDEX "webhook_delivery_endpoint_id_created_at_idx" ON "hub"."webhook_delivery"("endpoint_id", "created_at");

ALTER TABLE "hub"."webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "hub"."webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "hub"."webhook_delivery" ADD CONSTRAINT "webhook_delivery_notice_id_fkey" FOREIGN KEY ("notice_id") REFERENCES "hub"."rights_notice"("id") ON DELETE CASCADE ON UPDATE CASCADE;
