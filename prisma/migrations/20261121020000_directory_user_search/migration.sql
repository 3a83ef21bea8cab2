-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA "public";

-- CreateIndex
CREATE INDEX "directory_user_search_trgm_idx" ON "hub"."directory_user" USING GIN ("username" gin_trgm_ops, "first_name" gin_trgm_ops, "last_name" gin_trgm_ops, "email" gin_trgm_ops, "company_name" gin_trgm_ops);
