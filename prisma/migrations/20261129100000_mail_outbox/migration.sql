-- The hub's mail outbox: one row per (job, recipient, kind) so a retried job sends a mail at most
-- once more, and then with the same Message-ID.
CREATE TABLE "hub"."mail_outbox" (
    "job_id" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "message_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("job_id","recipient","kind")
);
