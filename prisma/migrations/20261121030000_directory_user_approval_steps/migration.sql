-- AlterTable
ALTER TABLE "hub"."directory_user" ADD COLUMN     "approval_steps" JSONB NOT NULL DEFAULT '[]';
