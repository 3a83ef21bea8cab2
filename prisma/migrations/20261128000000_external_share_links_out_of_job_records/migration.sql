-- Issue 21: a share's links open it, and job records are read by admins. The external-share job's
-- result now keeps the share id and the invitations sent; its owner reads the links from the
-- provider. This clears the links the results of earlier jobs still hold.
UPDATE "hub"."job_record"
   SET "result" = "result" - 'url' - 'links'
 WHERE "name" = 'external-share' AND jsonb_typeof("result") = 'object';
