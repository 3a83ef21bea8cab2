-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "hub";

-- CreateTable
CREATE TABLE "hub"."session" (
    "id" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "provider_token" TEXT NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub"."disclaimer" (
    "id" TEXT NOT NULL,
    "version" TEXT NOT NULL,
    "texts" JSONB NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "disclaimer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub"."disclaimer_acceptance" (
    "username" TEXT NOT NULL,
    "disclaimer_id" TEXT NOT NULL,
    "accepted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "disclaimer_acceptance_pkey" PRIMARY KEY ("username","disclaimer_id")
);

-- CreateTable
CREATE TABLE "hub"."user_preferences" (
    "username" TEXT NOT NULL,
    "preferences" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_preferences_pkey" PRIMARY KEY ("username")
);

-- CreateTable
CREATE TABLE "hub"."directory_user" (
    "username" TEXT NOT NULL,
    "first_name" TEXT NOT NULL DEFAULT '',
    "last_name" TEXT NOT NULL DEFAULT '',
    "email" TEXT NOT NULL DEFAULT '',
    "company_name" TEXT NOT NULL DEFAULT '',
    "department" TEXT,
    "roles" TEXT[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "directory_user_pkey" PRIMARY KEY ("username")
);

-- CreateTable
CREATE TABLE "hub"."job_record" (
    "id" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "progress" INTEGER NOT NULL DEFAULT 0,
    "payload" JSONB NOT NULL,
    "result" JSONB,
    "error_code" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_by" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "job_record_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub"."audit_record" (
    "id" BIGSERIAL NOT NULL,
    "job_id" TEXT,
    "actor" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "asset_id" TEXT,
    "from_folder_id" TEXT,
    "to_folder_id" TEXT,
    "before" JSONB,
    "after" JSONB,
    "outcome" TEXT NOT NULL,
    "error_code" TEXT,
    "at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_record_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "session_username_idx" ON "hub"."session"("username");

-- CreateIndex
CREATE INDEX "session_expires_at_idx" ON "hub"."session"("expires_at");

-- CreateIndex
CREATE INDEX "disclaimer_active_created_at_idx" ON "hub"."disclaimer"("active", "created_at");

-- CreateIndex
CREATE INDEX "directory_user_last_name_first_name_idx" ON "hub"."directory_user"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "job_record_state_created_at_idx" ON "hub"."job_record"("state", "created_at");

-- CreateIndex
CREATE INDEX "job_record_created_by_created_at_idx" ON "hub"."job_record"("created_by", "created_at");

-- CreateIndex
CREATE INDEX "audit_record_job_id_idx" ON "hub"."audit_record"("job_id");

-- CreateIndex
CREATE INDEX "audit_record_asset_id_at_idx" ON "hub"."audit_record"("asset_id", "at");

-- CreateIndex
CREATE INDEX "audit_record_actor_at_idx" ON "hub"."audit_record"("actor", "at");

-- AddForeignKey
ALTER TABLE "hub"."disclaimer_acceptance" ADD CONSTRAINT "disclaimer_acceptance_disclaimer_id_fkey" FOREIGN KEY ("disclaimer_id") REFERENCES "hub"."disclaimer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hub"."audit_record" ADD CONSTRAINT "audit_record_job_id_fkey" FOREIGN KEY ("job_id") REFERENCES "hub"."job_record"("id") ON DELETE SET NULL ON UPDATE CASCADE;
