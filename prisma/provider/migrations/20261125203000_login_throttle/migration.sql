-- Sign-in failures now slow down a pair of username and client address, kept in Redis
-- (server/src/common/login-throttle.ts); the account-wide lock that let anyone lock anyone out goes.
ALTER TABLE "provider"."user" DROP COLUMN "failed_logins", DROP COLUMN "locked_until";
